// Static pages of every language, with hreflang alternates; listings are added by the marketplace.
const siteUrl = (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const prefixes = ['fr', 'en', 'tn', 'ar'];
const hreflang = { fr: 'fr', en: 'en', tn: 'ar-TN', ar: 'ar' };

/** @type {import('next-sitemap').IConfig} */
const config = {
  siteUrl,
  generateRobotsTxt: true,
  autoLastmod: false,
  exclude: [
    '/icon.svg',
    '/server-sitemap.xml',
    '/*/opengraph-image*',
    '/*/colis/resultats',
    '/*/trajets/resultats',
    '/*/ajouter-colis',
    '/*/ajouter-trajet',
    '/*/connexion',
    '/*/inscription',
    '/*/mot-de-passe-oublie',
    '/*/reinitialiser-mot-de-passe*',
    '/*/mon-dashboard',
    '/*/mes-*',
    '/*/messagerie*',
    '/*/verification-telephone',
    '/*/modifier-telephone',
    '/*/confirmation-email*',
  ],
  robotsTxtOptions: {
    policies: [{ userAgent: '*', allow: '/', disallow: ['/api/'] }],
    // Listings and landing pages come from the database, at request time.
    additionalSitemaps: [`${siteUrl}/server-sitemap.xml`],
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
        ...prefixes.map((p) => ({ href: `${siteUrl}/${p}${tail}`, hreflang: hreflang[p], hrefIsAbsolute: true })),
        { href: `${siteUrl}/fr${tail}`, hreflang: 'x-default', hrefIsAbsolute: true },
      ],
    };
  },
};

export default config;
