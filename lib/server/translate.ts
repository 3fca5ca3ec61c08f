import 'server-only';
import { createTranslator } from 'use-intl/core';
import fr from '@/messages/fr.json';
import en from '@/messages/en.json';
import tn from '@/messages/tn.json';
import ar from '@/messages/ar.json';
import { detectPrefix } from '@/lib/i18n/detect';
import { localeFromSegment, localePrefix, type Locale } from '@/lib/i18n/locales';

const catalogues = { fr, en, tn, ar } as const;

/** Texts outside a page (API answers, e-mails, SMS), in any locale. */
export function translator<N extends keyof typeof fr>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: catalogues[localePrefix(locale)] as typeof fr, namespace });
}

/** The language an API caller asked for: `X-Locale` (fr, en, tn, ar), then Accept-Language, else fr. */
export function requestLocale(headers: Headers): Locale {
  const explicit = headers.get('x-locale');
  const prefix = detectPrefix({ query: explicit, acceptLanguage: headers.get('accept-language') });
  return localeFromSegment(prefix) ?? 'fr';
}
