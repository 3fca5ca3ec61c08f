import type { Locale } from '@/lib/i18n/locales';

// Prices, numbers, distances and days with Intl alone (no gazetteer, no date-fns): light enough for
// client components. Latin digits on server and browser alike (DESIGN.md); lib/format.ts adds the
// names of cities and countries for the server.

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

/** "12 km", "12 كم": whole kilometres, or one decimal under 10 km. */
export function formatDistance(km: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    numberingSystem: 'latn',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}

/** A calendar day as lib/dates.ts writes it ("29 mai 2025", "29 May 2025", "29 ماي 2025"), in a time zone. */
export function formatDay(date: string | Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    numberingSystem: 'latn',
    timeZone,
  }).format(typeof date === 'string' ? new Date(date) : date);
}

/** A text of the message files with its `{name}` placeholders filled (texts handed to client components). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A handover code as it is read aloud: "482 913". */
export function formatCode(code: string): string {
  return code.replace(/^(\d{3})(\d+)$/, '$1 $2');
}
