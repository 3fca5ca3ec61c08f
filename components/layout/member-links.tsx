'use client';
import Link from 'next/link';
import { badgeText } from '@/lib/badge';
import { localPath } from '@/lib/i18n/paths';
import { profilePath } from '@/lib/routes';
import type { Prefix } from '@/lib/i18n/locales';
import { SignOutButton } from '@/components/auth/sign-out-button';
import type { MirrorUser } from '@/lib/schemas/users';
import { ChatIcon, ChevronDownIcon, HeartIcon, UserIcon } from '@/components/ui/icons';
import type { SessionLabels } from './session-links';

// The signed-in header (components/layout/session-links.tsx loads it once a member is there, so a
// visitor's first load does not carry it): favourites, messages with the unread badge, the account menu.

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

/** The member's links in the header bar, the drawer or the phone's message icon. */
export function MemberLinks({
  prefix,
  variant,
  labels,
  user,
}: {
  prefix: Prefix;
  variant: 'bar' | 'drawer' | 'icon';
  labels: SessionLabels;
  user: MirrorUser;
}) {
  const unreadLabel = (count: number) => (labels.unread ?? '').replace('{count}', String(count));
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
        <Badge text={badgeText(unread)} className="absolute -end-0.5 -top-0.5" />
      </Link>
    );
  }

  const item =
    variant === 'drawer'
      ? 'flex items-center gap-3 rounded-lg px-3 py-3 font-medium hover:bg-secondary-light'
      : 'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-secondary-light';
  const menuItem = 'hover:bg-secondary-light block rounded-md px-3 py-2 text-sm';
  const accountLinks = [
    { path: 'mon-dashboard', label: labels.dashboard, icon: <UserIcon className="size-5" /> },
    { path: profilePath(user.id), label: labels.account.profile, icon: null },
    { path: 'parametres', label: labels.account.settings, icon: null },
  ];
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
            <Badge text={badgeText(unread)} />
          </Link>
        </li>
      ) : null}
      {variant === 'drawer' ? (
        <>
          {accountLinks.map((link) => (
            <li key={link.path}>
              <Link href={localPath(prefix, link.path)} prefetch={false} className={item}>
                {link.icon}
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <SignOutButton prefix={prefix} labels={labels.account} className={`${item} w-full text-red-800`} />
          </li>
        </>
      ) : (
        <li>
          <details data-menu className="relative">
            <summary
              className={`${item} text-secondary cursor-pointer font-semibold`}
              aria-label={labels.account.current.replace('{name}', user.firstname)}
            >
              <UserIcon className="size-5" />
              <bdi>{user.firstname}</bdi>
              <ChevronDownIcon className="size-4" />
            </summary>
            <ul className="absolute end-0 z-40 mt-1 min-w-56 rounded-lg border border-neutral-200 bg-white p-1 shadow-lg">
              {accountLinks.map((link) => (
                <li key={link.path}>
                  <Link href={localPath(prefix, link.path)} prefetch={false} className={menuItem}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li className="mt-1 border-t border-neutral-100 pt-1">
                <SignOutButton
                  prefix={prefix}
                  labels={labels.account}
                  className={`${menuItem} w-full text-start text-red-800`}
                />
              </li>
            </ul>
          </details>
        </li>
      )}
    </ul>
  );
}
