import 'server-only';
import { createTranslator } from 'use-intl/core';
import fr from '@/messages/fr.json';
import en from '@/messages/en.json';
import tn from '@/messages/tn.json';
import ar from '@/messages/ar.json';
import { detectPrefix } from '@/lib/i18n/detect';
import { isKeyOf } from '@/lib/i18n/keys';
import { localeFromSegment, localePrefix, type Locale, type Prefix } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';

const catalogues: Record<Prefix, Messages> = { fr, en, tn, ar };

/** Texts outside a page (API answers, e-mails, SMS), in any locale. */
export function translator<N extends keyof Messages>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: catalogues[localePrefix(locale)], namespace });
}

/** Validation messages in a locale: a `Validation` key becomes its text, any other message stays as it is. */
export function validationText(locale: Locale): (message: string) => string {
  const v = translator(locale, 'Validation');
  const texts = catalogues[localePrefix(locale)].Validation;
  return (message) => (isKeyOf(texts, message) ? v(message) : message);
}

/** The language an API caller asked for: `X-Locale` (fr, en, tn, ar), then Accept-Language, else fr. */
export function requestLocale(headers: Headers): Locale {
  const explicit = headers.get('x-locale');
  const prefix = detectPrefix({ query: explicit, acceptLanguage: headers.get('accept-language') });
  return localeFromSegment(prefix) ?? 'fr';
}
