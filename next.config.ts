import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next hashes the whole HTML of every cached page in JavaScript for its ETag: about a fifth of
  // the server's time on a warm list page (docs/benchmarks.md). The server's page cache gives its
  // copies an ETag computed once (scripts/page-cache.mjs), so revalidations still get a 304.
  generateEtags: false,
  serverExternalPackages: ['@electric-sql/pglite'],
  experimental: {
    optimizePackageImports: ['date-fns'],
  },
};

export default withNextIntl(nextConfig);
