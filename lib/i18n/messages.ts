import type { Locale } from './locales';

const files: Record<Locale, string> = { fr: 'fr', en: 'en', 'ar-TN': 'tn', ar: 'ar' };

export async function loadMessages(locale: Locale) {
  return (await import(`../../messages/${files[locale]}.json`)).default as Messages;
}

export type Messages = typeof import('../../messages/fr.json');
