import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

// A list with a query string (filters, next page) is rendered per request by ./resultats; the
// bare list stays cached HTML. One rule per parameter, as `has` matches a single key.
const filterKeys = ['from', 'to', 'fromCountry', 'toCountry', 'after', 'before', 'minWeight', 'maxWeight', 'maxPrice', 'type', 'status', 'sort', 'cursor', 'limit'];

const nextConfig: NextConfig = {
  async rewrites() {
    return {
      beforeFiles: ['colis', 'trajets'].flatMap((list) =>
        filterKeys.map((key) => ({
          source: `/:locale(fr|en|tn|ar)/${list}`,
          has: [{ type: 'query' as const, key }],
          destination: `/:locale/${list}/resultats`,
        })),
      ),
      afterFiles: [],
      fallback: [],
    };
  },
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite'],
  experimental: {
    optimizePackageImports: ['date-fns'],
  },
};

export default withNextIntl(nextConfig);
