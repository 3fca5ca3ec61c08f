// The four languages of the site, defined once: every other list of locales, prefixes, hreflang
// codes, message files or Open Graph locales is derived from this table.
// The URL prefix and the BCP 47 locale differ for Tunisian Arabic: `tn` alone is Setswana, so the
// locale is `ar-TN`, served under `/tn` (its messages are messages/tn.json).
const languages = {
  fr: { locale: 'fr', name: 'Français', openGraph: 'fr_FR', script: 'latin' },
  en: { locale: 'en', name: 'English', openGraph: 'en_GB', script: 'latin' },
  tn: { locale: 'ar-TN', name: 'تونسي', openGraph: 'ar_TN', script: 'arabic' },
  // The specification's menu offers fr, en and tn; ar is offered too, as its pages exist and are indexed.
  ar: { locale: 'ar', name: 'العربية', openGraph: 'ar_AR', script: 'arabic' },
} as const;

export type Prefix = keyof typeof languages;
export type Locale = (typeof languages)[Prefix]['locale'];

export const prefixes = Object.keys(languages) as Prefix[];
export const locales = prefixes.map((prefix) => languages[prefix].locale);
export const defaultLocale: Locale = 'fr';

const prefixOf = Object.fromEntries(prefixes.map((prefix) => [languages[prefix].locale, prefix])) as Record<
  Locale,
  Prefix
>;

export function localePrefix(locale: Locale): Prefix {
  return prefixOf[locale];
}

export function prefixLocale(prefix: Prefix): Locale {
  return languages[prefix].locale;
}

export function isPrefix(value: string): value is Prefix {
  return Object.hasOwn(languages, value);
}

export function isLocale(value: string): value is Locale {
  return Object.hasOwn(prefixOf, value);
}

/** The locale for a URL segment; the locale itself is accepted too, as next-intl may hand it over. */
export function localeFromSegment(segment: string): Locale | undefined {
  if (isPrefix(segment)) return prefixLocale(segment);
  return isLocale(segment) ? segment : undefined;
}

export function scriptOf(locale: Locale): (typeof languages)[Prefix]['script'] {
  return languages[localePrefix(locale)].script;
}

/** Written in Arabic script: right to left, Arabic names of places, the Arabic font. */
export function isArabic(locale: Locale): boolean {
  return scriptOf(locale) === 'arabic';
}

export function isRtl(locale: Locale): boolean {
  return isArabic(locale);
}

/** The languages the language menu offers, the current one included (marked as current). */
export const menuLocales = locales;

/** Name of a language in itself, for the language menu. */
export function languageName(locale: Locale): string {
  return languages[localePrefix(locale)].name;
}

/** Open Graph's `og:locale` form (`fr_FR`). */
export function openGraphLocale(locale: Locale): string {
  return languages[localePrefix(locale)].openGraph;
}
