import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from './locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'always', prefixes: { 'ar-TN': '/tn' } },
  // Language detection and its cookie are done by proxy.ts, on `/` only.
  localeDetection: false,
  localeCookie: false,
});
