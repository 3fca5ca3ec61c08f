// The build-time sitemap file of the content pages (`npm run build` runs next-sitemap under tsx so that
// this file reads the site's own tables) and robots.txt. The index that robots.txt names, and the
// files of the pages that read the database, are rendered at request time (app/sitemap.xml,
// app/sitemaps/[file], lib/server/public/sitemap.ts).
import { localePrefix, locales, prefixes } from './lib/i18n/locales.ts';
import { guestRoutes, listPages, memberRoutes, sitemapPaths, sitemapUrlLimit } from './lib/routes.ts';

const siteUrl = (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '');

/** @type {import('next-sitemap').IConfig} */
const config = {
  siteUrl,
  sitemapBaseFileName: sitemapPaths.pages.slice(1, -'.xml'.length),
  generateIndexSitemap: false,
  sitemapSize: sitemapUrlLimit,
  generateRobotsTxt: true,
  autoLastmod: false,
  exclude: [
    '/icon.svg',
    sitemapPaths.index,
    '/sitemaps/*',
    '/*/opengraph-image*',
    ...listPages.map((list) => `/*/${list}/resultats`),
    ...[...guestRoutes, ...memberRoutes].flatMap((route) => [`/*/${route}`, `/*/${route}/*`]),
    '/*/confirmation-email*',
    '/*/nouvel-email*',
    '/*/desabonnement*',
    '/*/profil/*',
  ],
  robotsTxtOptions: {
    policies: [{ userAgent: '*', allow: '/', disallow: ['/api/'] }],
    // next-sitemap writes `Host: <siteUrl>`; the directive takes a host name, not a URL. The one
    // sitemap named is the index, which names the content pages' file.
    transformRobotsTxt: async (_, robotsTxt) =>
      robotsTxt
        .replace(/^Host: .*$/m, `Host: ${new URL(siteUrl).host}`)
        .replace(/^Sitemap: .*\n?/gm, '')
        .replace(/\n*$/, `\nSitemap: ${siteUrl}${sitemapPaths.index}\n`),
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
