import type { Locale } from '@/lib/i18n/locales';

import { isolate, isolateLtr } from './intl-dates';

// Prices, numbers, distances and days with Intl alone (no gazetteer, no date-fns): light enough for
// client components. Latin digits on server and browser alike (DESIGN.md); lib/format.ts adds the
// names of cities and countries for the server. Days, times and isolates are in lib/intl-dates.ts.

export { formatDay, formatIsoDay, formatIsoTime, isolate, isolateLtr } from './intl-dates';

const rightToLeft = (locale: Locale) => locale.startsWith('ar');

/**
 * An amount with its currency, by Intl: TND's three decimals only when the amount has millimes
 * ("8 TND", not "8,000 TND" read as eight thousand; "8,500 TND" stays). On right-to-left pages a symbol
 * mixing Latin letters and signs ("UK£", "US$") is reordered by the text direction, so its ISO code
 * stands in ("GBP"), and the whole is isolated.
 */
export function formatPrice(amount: number, currency: string, locale: Locale): string {
  const millimes = currency === 'TND' && Math.round(amount * 1000) % 1000 !== 0;
  const whole = currency === 'TND' && !millimes;
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    numberingSystem: 'latn',
    minimumFractionDigits: whole ? 0 : undefined,
    maximumFractionDigits: currency === 'TND' ? (whole ? 0 : 3) : 2,
  };
  let format = new Intl.NumberFormat(locale, options);
  if (rightToLeft(locale)) {
    const symbol = format.formatToParts(amount).find((part) => part.type === 'currency')?.value ?? '';
    if (/[A-Za-z]/.test(symbol) && /[^A-Za-z]/.test(symbol))
      format = new Intl.NumberFormat(locale, { ...options, currencyDisplay: 'code' });
  }
  return isolate(format.format(amount), locale);
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

/** A text of the message files with its `{name}` placeholders filled (texts handed to client components). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A handover code as it is read aloud: "482 913" (left to right, isolated on right-to-left pages when a locale is given). */
export function formatCode(code: string, locale?: Locale): string {
  const grouped = code.replace(/^(\d{3})(\d+)$/, '$1 $2');
  return locale ? isolateLtr(grouped, locale) : grouped;
}
