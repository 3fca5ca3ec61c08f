import { loadCatalogue, type Messages } from './catalogues';
import { localePrefix, type Locale } from './locales';

export type { Messages };

export function loadMessages(locale: Locale): Promise<Messages> {
  return loadCatalogue(localePrefix(locale));
}
