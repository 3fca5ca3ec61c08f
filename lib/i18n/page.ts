import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { localeFromSegment, type Locale } from './locales';

export type LocaleParams = { params: Promise<{ locale: string }> };

/** The page's locale from its URL segment; unknown segments are a 404. Enables static rendering. */
export async function pageLocale(params: LocaleParams['params']): Promise<Locale> {
  const locale = localeFromSegment((await params).locale);
  if (!locale) {
    // Not a language (say /favicon.ico reaching the router): a French 404 that stays static.
    setRequestLocale('fr');
    notFound();
  }
  setRequestLocale(locale);
  return locale;
}
