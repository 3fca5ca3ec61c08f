import { localePrefix, type Locale } from './locales';

// Message files are named by URL prefix: messages/tn.json holds ar-TN.

export async function loadMessages(locale: Locale) {
  return (await import(`../../messages/${localePrefix(locale)}.json`)).default as Messages;
}

export type Messages = typeof import('../../messages/fr.json');
