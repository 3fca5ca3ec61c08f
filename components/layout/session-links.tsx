'use client';
import Link from 'next/link';
import { useEffect } from 'react';
import { useSessionUser } from '@/lib/client/use-session-user';
import { badgeText } from '@/lib/badge';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';
import { ChatIcon, HeartIcon, UserIcon } from '@/components/ui/icons';

/** A link's label is given once its page exists (lib/routes.ts `isBuilt`); without it, no link. */
export type SessionLabels = {
  login: string;
  favourites?: string;
  messages?: string;
  dashboard: string;
  /** Raw message with a `{count}` placeholder, worded so that no plural form is needed. */
  unread?: string;
};

type Props = {
  prefix: Prefix;
  variant: 'bar' | 'drawer' | 'icon';
  labels: SessionLabels;
};

function Badge({ text, className = '' }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <span
      aria-hidden="true"
      dir="ltr"
      className={`bg-primary text-ink inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-bold ${className}`}
    >
      {text}
    </span>
  );
}

let live: Promise<typeof import('@/lib/client/live')> | undefined;

/** The signed-in part of the header, a client island fed by the session mirror. */
export function SessionLinks({ prefix, variant, labels }: Props) {
  const user = useSessionUser();
  const userId = user?.id;
  // The live stream (new messages, the badge) loads only for a signed-in user, after the page.
  useEffect(() => {
    if (userId || live) void (live ??= import('@/lib/client/live')).then((m) => m.follow(userId));
  }, [userId]);
  const unreadLabel = (count: number) => (labels.unread ?? '').replace('{count}', String(count));

  if (!user) {
    if (variant === 'icon') return null;
    return (
      <Link
        href={localPath(prefix, 'connexion')}
        prefetch={false}
        className={
          variant === 'drawer'
            ? 'hover:bg-secondary-light flex items-center gap-3 rounded-lg px-3 py-3 font-medium'
            : 'text-secondary hover:bg-secondary-light flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold'
        }
      >
        <UserIcon className="size-5" />
        {labels.login}
      </Link>
    );
  }

  const unread = user.unreadMessages;
  const messagesHref = localPath(prefix, 'messagerie');

  if (variant === 'icon') {
    if (!labels.messages) return null;
    return (
      <Link
        href={messagesHref}
        prefetch={false}
        className="hover:bg-secondary-light relative flex size-11 items-center justify-center rounded-md"
        aria-label={unreadLabel(unread)}
      >
        <ChatIcon className="size-6" />
        <Badge text={badgeText(unread, 9)} className="absolute -end-0.5 -top-0.5" />
      </Link>
    );
  }

  const item =
    variant === 'drawer'
      ? 'flex items-center gap-3 rounded-lg px-3 py-3 font-medium hover:bg-secondary-light'
      : 'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-secondary-light';
  return (
    <ul className={variant === 'drawer' ? 'flex flex-col' : 'flex items-center gap-1'}>
      {labels.favourites ? (
        <li>
          <Link href={localPath(prefix, 'mes-favoris')} prefetch={false} className={item}>
            <HeartIcon className="size-5" />
            {labels.favourites}
          </Link>
        </li>
      ) : null}
      {labels.messages ? (
        <li>
          <Link href={messagesHref} prefetch={false} className={item} aria-label={unreadLabel(unread)}>
            <ChatIcon className="size-5" />
            {labels.messages}
            <Badge text={badgeText(unread, 99)} />
          </Link>
        </li>
      ) : null}
      <li>
        <Link
          href={localPath(prefix, 'mon-dashboard')}
          prefetch={false}
          className={`${item} text-secondary font-semibold`}
          title={labels.dashboard}
        >
          <UserIcon className="size-5" />
          <bdi>{user.firstname}</bdi>
        </Link>
      </li>
    </ul>
  );
}
