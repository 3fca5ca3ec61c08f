import { fontUrls } from './font-loader.mjs';

// The two typefaces, served from public/fonts under names that carry their package's version (the
// production server caches them for a year: scripts/server.mjs). Their @font-face rules, with
// fallbacks sized like them, are in app/globals.css; when a page draws with its face is decided by
// lib/font-loader.mjs. tests/unit/fonts.test.ts ties these files to the packages.
export const fontFiles = {
  latin: {
    url: fontUrls.latin,
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  },
  arabic: {
    url: fontUrls.arabic,
    source: '@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2',
  },
} as const;
