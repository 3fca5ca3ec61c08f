// The four languages of the site. The URL prefix and the BCP 47 locale differ for
// Tunisian Arabic: `tn` alone is Setswana, so the locale is `ar-TN`, served under `/tn`.
export const locales = ['fr', 'en', 'ar-TN', 'ar'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fr';

export const prefixes = ['fr', 'en', 'tn', 'ar'] as const;
export type Prefix = (typeof prefixes)[number];

const prefixOf: Record<Locale, Prefix> = { fr: 'fr', en: 'en', 'ar-TN': 'tn', ar: 'ar' };

export function localePrefix(locale: Locale): Prefix {
  return prefixOf[locale];
}

export function isPrefix(value: string): value is Prefix {
  return (prefixes as readonly string[]).includes(value);
}

/** The locale for a URL segment; `ar-TN` is accepted too, as next-intl may hand it over. */
export function localeFromSegment(segment: string): Locale | undefined {
  if (segment === 'tn') return 'ar-TN';
  return (locales as readonly string[]).includes(segment) ? (segment as Locale) : undefined;
}

export function isRtl(locale: Locale): boolean {
  return locale === 'ar' || locale === 'ar-TN';
}

/** Name of each language in itself, for the language menu. */
export const languageNames: Record<Locale, string> = {
  fr: 'Français',
  en: 'English',
  'ar-TN': 'تونسي',
  ar: 'العربية',
};
