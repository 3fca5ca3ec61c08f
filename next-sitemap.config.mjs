// The build-time sitemap (content pages, `npm run build` runs next-sitemap under tsx so that this file
// reads the site's own tables) and robots.txt. Pages that read the database are in
// app/server-sitemap.xml, listed here as an additional sitemap.
import { localePrefix, locales, prefixes } from './lib/i18n/locales.ts';
import { guestRoutes, listPages, memberRoutes } from './lib/routes.ts';

const siteUrl = (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '');

/** @type {import('next-sitemap').IConfig} */
const config = {
  siteUrl,
  generateRobotsTxt: true,
  autoLastmod: false,
  exclude: [
    '/icon.svg',
    '/server-sitemap.xml',
    '/*/opengraph-image*',
    ...listPages.map((list) => `/*/${list}/resultats`),
    ...[...guestRoutes, ...memberRoutes].flatMap((route) => [`/*/${route}`, `/*/${route}/*`]),
    '/*/confirmation-email*',
    '/*/nouvel-email*',
    '/*/desabonnement-alerte*',
    '/*/profil/*',
  ],
  robotsTxtOptions: {
    policies: [{ userAgent: '*', allow: '/', disallow: ['/api/'] }],
    additionalSitemaps: [`${siteUrl}/server-sitemap.xml`],
    // next-sitemap writes `Host: <siteUrl>`; the directive takes a host name, not a URL.
    transformRobotsTxt: async (_, robotsTxt) => robotsTxt.replace(/^Host: .*$/m, `Host: ${new URL(siteUrl).host}`),
  },
  transform: async (config, loc) => {
    const [, prefix = '', ...rest] = loc.split('/');
    if (!prefixes.includes(prefix)) return null;
    const tail = rest.length ? `/${rest.join('/')}` : '';
    return {
      loc,
      changefreq: 'weekly',
      priority: tail ? 0.7 : 1,
      alternateRefs: [
        ...locales.map((l) => ({ href: `${siteUrl}/${localePrefix(l)}${tail}`, hreflang: l, hrefIsAbsolute: true })),
        { href: `${siteUrl}/fr${tail}`, hreflang: 'x-default', hrefIsAbsolute: true },
      ],
    };
  },
};

export default config;
