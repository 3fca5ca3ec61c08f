import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { KeyOf } from './keys';
import { pageLocale, type LocaleParams } from './page';

/** Title of an account screen, from the Auth namespace; these screens are not indexed. */
export function authMetadata(key: Extract<KeyOf<'Auth'>, `${string}Meta`>) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const t = await getTranslations({ locale: await pageLocale(params), namespace: 'Auth' });
    return { title: t(key), robots: { index: false, follow: true } };
  };
}
