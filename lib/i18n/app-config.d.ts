import type { Locale } from './locales';
import type { Messages } from './messages';

// Types next-intl's keys and locales: a key missing from messages/fr.json is a type error.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
