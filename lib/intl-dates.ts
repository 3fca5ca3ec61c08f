import type { Locale } from '@/lib/i18n/locales';

// Part of lib/intl-format.ts, which re-exports all of it: days, times and the right-to-left isolates, in
// a module of their own so that a public page's date field (components/forms/date-input.tsx) carries
// only them, not the prices'.

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

/** A date field's value without its year, its month short ("12 mars", "12 Mar"): the days under a chart. */
export function formatIsoDayShort(value: string, locale: Locale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  return isolate(
    new Intl.DateTimeFormat(dateTag(locale), {
      day: 'numeric',
      month: 'short',
      numberingSystem: 'latn',
      timeZone: 'UTC',
    }).format(new Date(`${value}T00:00:00Z`)),
    locale,
  );
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
