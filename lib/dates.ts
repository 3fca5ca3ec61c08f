import { format, type Locale as DateLocale } from 'date-fns';
import { ar, arTN, enGB, fr } from 'date-fns/locale';
import type { Locale } from './i18n/locales';
import { isolate } from './intl-format';

// Tunisian month names (جانفي، فيفري) for ar-TN.
const dateLocales: Record<Locale, DateLocale> = { fr, en: enGB, 'ar-TN': arTN, ar };

export function dateLocale(locale: Locale): DateLocale {
  return dateLocales[locale];
}

/** A calendar date in the page's language ("29 mai 2025", "29 May 2025", "29 ماي 2025"), Latin digits. */
export function formatLongDate(date: Date | string, locale: Locale): string {
  const day = format(typeof date === 'string' ? new Date(date) : date, 'd MMMM yyyy', { locale: dateLocales[locale] });
  return isolate(day, locale);
}
