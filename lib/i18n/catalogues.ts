import type { Prefix } from './locales';

export type Messages = typeof import('../../messages/fr.json');

// Message files are named by URL prefix (messages/tn.json holds ar-TN); each has fr.json's shape.
const catalogues: Record<Prefix, () => Promise<{ default: Messages }>> = {
  fr: () => import('../../messages/fr.json'),
  en: () => import('../../messages/en.json'),
  tn: () => import('../../messages/tn.json'),
  ar: () => import('../../messages/ar.json'),
};

/** The messages of a language, by its URL prefix. */
export async function loadCatalogue(prefix: Prefix): Promise<Messages> {
  return (await catalogues[prefix]()).default;
}
