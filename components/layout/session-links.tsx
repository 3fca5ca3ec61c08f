'use client';
import Link from 'next/link';
import { lazy, Suspense, useEffect } from 'react';
import { useSessionUser } from '@/lib/client/use-session-user';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';
import { UserIcon } from '@/components/ui/icons';

/** A link's label is given once its page exists (lib/routes.ts `isBuilt`); without it, no link. */
export type SessionLabels = {
  login: string;
  favourites?: string;
  messages?: string;
  dashboard: string;
  /** The account menu: its button's name, its links, and signing out (with its toast and error). */
  account: {
    label: string;
    /** The menu's button name with the member's first name: "Mon compte : {name}". */
    current: string;
    profile: string;
    settings: string;
    signOut: string;
    signedOut: string;
    network: string;
  };
  /** Raw message with a `{count}` placeholder, worded so that no plural form is needed. */
  unread?: string;
};

type Props = {
  prefix: Prefix;
  variant: 'bar' | 'drawer' | 'icon';
  labels: SessionLabels;
};

let live: Promise<typeof import('@/lib/client/live')> | undefined;

/** The member's part, loaded once someone is signed in (a visitor's first load does not carry it). */
const MemberLinks = lazy(() => import('./member-links').then((m) => ({ default: m.MemberLinks })));

/** The signed-in part of the header, a client island fed by the session mirror. */
export function SessionLinks({ prefix, variant, labels }: Props) {
  const user = useSessionUser();
  const userId = user?.id;
  // The live stream (new messages, the badge) loads only for a signed-in user, after the page.
  useEffect(() => {
    if (userId || live) void (live ??= import('@/lib/client/live')).then((m) => m.follow(userId));
  }, [userId]);

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

  return (
    <Suspense fallback={null}>
      <MemberLinks prefix={prefix} variant={variant} labels={labels} user={user} />
    </Suspense>
  );
}
