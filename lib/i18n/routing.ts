import { defineRouting } from 'next-intl/routing';
import { defaultLocale, localePrefix, locales } from './locales';

/** `{ 'ar-TN': '/tn' }`: the locales whose URL prefix is not the locale itself. */
const prefixes = Object.fromEntries(
  locales.filter((locale) => localePrefix(locale) !== locale).map((locale) => [locale, `/${localePrefix(locale)}`]),
);

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'always', prefixes },
  // Language detection and its cookie are done by proxy.ts, on `/` only.
  localeDetection: false,
  localeCookie: false,
});
