import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { errorTexts } from './lib/i18n/error-texts';
import fr from './messages/fr.json';
import en from './messages/en.json';
import tn from './messages/tn.json';
import ar from './messages/ar.json';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next hashes the whole HTML of every cached page in JavaScript for its ETag: about a fifth of
  // the server's time on a warm list page (docs/benchmarks.md). The server's page cache gives its
  // copies an ETag computed once (scripts/page-cache.mjs), so revalidations still get a 304.
  generateEtags: false,
  serverExternalPackages: ['@electric-sql/pglite'],
  // app/global-error.tsx replaces the root layout when that fails, so no layout hands it texts:
  // these few are inlined into its code, per URL prefix, instead of whole message files.
  env: {
    GLOBAL_ERROR_TEXTS: JSON.stringify({
      fr: errorTexts(fr),
      en: errorTexts(en),
      tn: errorTexts(tn),
      ar: errorTexts(ar),
    }),
  },
  experimental: {
    optimizePackageImports: ['date-fns'],
  },
};

export default withNextIntl(nextConfig);
