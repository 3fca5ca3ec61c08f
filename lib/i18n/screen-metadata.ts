import 'server-only';
import type { Metadata } from 'next';
import type { MessageKeys, NestedKeyOf } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { KeyOf } from './keys';
import type { Messages } from './messages';
import { pageLocale, type LocaleParams } from './page';

// Titles of the screens search engines do not index: the account screens, the member's own, and the
// pages an e-mailed link opens.

type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

function unindexed(key: MessageKey, robots: Metadata['robots']) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const t = await getTranslations({ locale: await pageLocale(params) });
    return { title: t(key), robots };
  };
}

/** An account screen, titled from the Auth namespace; its links may be followed. */
export const authMetadata = (key: Extract<KeyOf<'Auth'>, `${string}Meta`>) =>
  unindexed(`Auth.${key}`, { index: false, follow: true });

/** A member's own screen, titled by a full message key such as `Settings.title`. */
export const memberMetadata = (key: MessageKey) => unindexed(key, { index: false });

/** A page an e-mailed link opens: a token's outcome, with no links to follow either. */
export const emailLinkMetadata = (key: MessageKey) => unindexed(key, { index: false, follow: false });
