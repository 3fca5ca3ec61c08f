import 'server-only';
import type { Metadata } from 'next';
import type { MessageKeys, NestedKeyOf } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { KeyOf } from './keys';
import type { Messages } from './messages';
import { pageLocale, type LocaleParams } from './page';

// Titles of the screens search engines do not index: the account screens and the member's own.

/** Title of an account screen, from the Auth namespace; its links may be followed. */
export function authMetadata(key: Extract<KeyOf<'Auth'>, `${string}Meta`>) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const t = await getTranslations({ locale: await pageLocale(params), namespace: 'Auth' });
    return { title: t(key), robots: { index: false, follow: true } };
  };
}

/** Title of a member screen, a full message key such as `Settings.title`. */
export function memberMetadata(key: MessageKeys<Messages, NestedKeyOf<Messages>>) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const t = await getTranslations({ locale: await pageLocale(params) });
    return { title: t(key), robots: { index: false } };
  };
}
