import type { Locale } from '@/lib/i18n/locales';

// Times of messages in the page's language with Latin digits. The server and the hydrating browser
// use the product's default zone (Africa/Tunis, specification section 9), so that both print the
// same; the browser then shows its own zone (lib/client/use-hydrated.ts).

export const defaultTimeZone = 'Africa/Tunis';

const sameDay = (a: Date, b: Date, timeZone: string | undefined) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return day.format(a) === day.format(b);
};

/** "14:05" today, else "3 juin, 14:05" (with the year when it is not this one). */
export function formatMessageTime(iso: string, locale: Locale, local: boolean, now = new Date()): string {
  const date = new Date(iso);
  const timeZone = local ? undefined : defaultTimeZone;
  const time = { hour: '2-digit', minute: '2-digit', timeZone, numberingSystem: 'latn' } as const;
  if (sameDay(date, now, timeZone)) return new Intl.DateTimeFormat(locale, time).format(date);
  return new Intl.DateTimeFormat(locale, {
    ...time,
    day: 'numeric',
    month: 'short',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
}

/** For the inbox: the time today, else the date only. */
export function formatShortTime(iso: string, locale: Locale, local: boolean, now = new Date()): string {
  const date = new Date(iso);
  const timeZone = local ? undefined : defaultTimeZone;
  if (sameDay(date, now, timeZone))
    return new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      numberingSystem: 'latn',
    }).format(date);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
    timeZone,
    numberingSystem: 'latn',
  }).format(date);
}
