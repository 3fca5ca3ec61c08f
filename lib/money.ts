import type { Locale } from '@/lib/i18n/locales';

// Amounts and numbers in the page's language, with Latin digits on server and browser alike. Apart
// from lib/format.ts (whose city names need the gazetteer), so that client screens can use them.

export function formatPrice(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    numberingSystem: 'latn',
    maximumFractionDigits: currency === 'TND' ? 3 : 2,
  }).format(amount);
}

export function formatNumber(value: number, locale: Locale, digits = 1): string {
  return new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: digits }).format(value);
}

/** A handover code as it is read aloud: "482 913". */
export function formatCode(code: string): string {
  return code.replace(/^(\d{3})(\d+)$/, '$1 $2');
}
