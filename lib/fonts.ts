import type { Locale } from './i18n/locales';
import { scriptOf } from './i18n/locales';

// The two typefaces, served from public/fonts under names that carry their package's version (the
// production server caches them for a year: scripts/server.mjs). Their @font-face rules, with
// fallbacks sized like them, are in app/globals.css. A page preloads the face of its own script
// only (Inter on fr and en pages, Cairo on tn and ar pages): next/font preloads per layout file, and
// one layout serves every language. tests/unit/fonts.test.ts ties these files to the packages.
export const fontFiles = {
  latin: {
    url: '/fonts/inter-latin-wght-5.3.0.woff2',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  },
  arabic: {
    url: '/fonts/cairo-arabic-wght-5.3.0.woff2',
    source: '@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2',
  },
} as const;

/** The font file a page of this language draws its text with first. */
export function pageFont(locale: Locale): string {
  return fontFiles[scriptOf(locale)].url;
}
