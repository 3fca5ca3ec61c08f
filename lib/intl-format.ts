import type { Locale } from '@/lib/i18n/locales';

// Prices, numbers, distances and days with Intl alone (no gazetteer, no date-fns): light enough for
// client components. Latin digits on server and browser alike (DESIGN.md); lib/format.ts adds the
// names of cities and countries for the server.

const rightToLeft = (locale: Locale) => locale.startsWith('ar');

// Unicode isolates: the text inside keeps its own direction and does not reorder its neighbours
// (plain strings carry them into e-mails, SMS and attributes, where <bdi> cannot go).
const FSI = '\u2068';
const LRI = '\u2066';
const PDI = '\u2069';

/** A number-like text (a price, a date) isolated from the surrounding text on right-to-left pages. */
export function isolate(text: string, locale: Locale): string {
  return rightToLeft(locale) ? `${FSI}${text}${PDI}` : text;
}

/** A text that reads left to right whatever the page (a phone number, a code), isolated on right-to-left pages. */
export function isolateLtr(text: string, locale: Locale): string {
  return rightToLeft(locale) ? `${LRI}${text}${PDI}` : text;
}

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

// English dates and times in the day-month-year order and on a 24-hour clock (en-US would give 3/12/2027, 10:00 PM).
const dateTag = (locale: Locale) => (locale === 'en' ? 'en-GB' : locale);

/** A calendar day as lib/dates.ts writes it ("29 mai 2025", "29 May 2025", "29 ماي 2025"), in a time zone. */
export function formatDay(date: string | Date, locale: Locale, timeZone: string): string {
  return isolate(
    new Intl.DateTimeFormat(dateTag(locale), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      numberingSystem: 'latn',
      timeZone,
    }).format(typeof date === 'string' ? new Date(date) : date),
    locale,
  );
}

/**
 * A date field's value ("2027-03-12", what date inputs and the API hold) as people read it: "12 mars 2027",
 * "12 March 2027", "12 مارس 2027" (Tunisian month names in ar-TN), isolated on right-to-left pages; '' when the
 * value is not a day of the calendar.
 */
export function formatIsoDay(value: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return '';
  return formatDay(date, locale, 'UTC');
}

/** A time field's value ("22:00", "07:30:00") on a 24-hour clock in every language ("22:00", never "10:00 PM"); '' when it is not one. */
export function formatIsoTime(value: string, locale: Locale): string {
  const match = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match) return '';
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return '';
  const time = new Intl.DateTimeFormat(dateTag(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hours, minutes));
  return isolate(time, locale);
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
