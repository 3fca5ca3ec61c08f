import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { globalErrorEnv } from './lib/i18n/global-error-env';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next hashes the whole HTML of every cached page in JavaScript for its ETag: about a fifth of
  // the server's time on a warm list page (docs/benchmarks.md). The server's page cache gives its
  // copies an ETag computed once (scripts/page-cache.mjs), so revalidations still get a 304.
  generateEtags: false,
  serverExternalPackages: ['@electric-sql/pglite', 'prom-client', 'pg-boss'],
  // Constants of app/global-error.tsx, inlined at build time (lib/i18n/global-error-env.ts).
  env: globalErrorEnv,
  experimental: {
    optimizePackageImports: ['date-fns'],
  },
};

export default withNextIntl(nextConfig);
