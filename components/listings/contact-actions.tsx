'use client';
import Link from 'next/link';
import { useSessionUser } from '@/lib/client/use-session-user';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';
import type { ListingKind } from '@/lib/domain';
import { listingSegments } from '@/lib/routes';

import { joinDialogId } from './dialog-ids';

type Labels = {
  propose: string;
  message: string;
  whatsapp: string;
  call: string;
  sms: string;
  lockedHint: string;
  expiredNote: string;
  ownNote: string;
};

/**
 * The contact card's actions. Visitors (and the first HTML) get buttons that open the "Join to
 * Continue" dialog, a native popover that needs no script; signed-in users get links.
 */
export function ContactActions({
  prefix,
  kind,
  id,
  ownerId,
  open,
  labels,
}: {
  prefix: Prefix;
  kind: ListingKind;
  id: string;
  ownerId: string;
  open: boolean;
  labels: Labels;
}) {
  const user = useSessionUser();
  const primary = 'flex min-h-12 items-center justify-center rounded-full px-5 font-semibold';
  if (user && user.id === ownerId) return <p className="text-muted text-sm">{labels.ownNote}</p>;
  if (!open) return <p className="text-muted text-sm">{labels.expiredNote}</p>;
  const target = `${listingSegments[kind].detail}=${encodeURIComponent(id)}`;
  return (
    <div className="flex flex-col gap-3">
      {user ? (
        <>
          <Link
            href={`${localPath(prefix, 'messagerie')}?${target}&proposer=1`}
            className={`${primary} bg-primary text-ink hover:bg-primary/85`}
          >
            {labels.propose}
          </Link>
          <Link
            href={`${localPath(prefix, 'messagerie')}?${target}`}
            className={`${primary} border-secondary text-secondary hover:bg-secondary-light border`}
          >
            {labels.message}
          </Link>
        </>
      ) : (
        <>
          <button
            type="button"
            popoverTarget={joinDialogId}
            className={`${primary} bg-primary text-ink hover:bg-primary/85`}
          >
            {labels.propose}
          </button>
          <button
            type="button"
            popoverTarget={joinDialogId}
            className={`${primary} border-secondary text-secondary hover:bg-secondary-light border`}
          >
            {labels.message}
          </button>
        </>
      )}
      <div className="grid grid-cols-3 gap-2" aria-describedby="contact-locked">
        {[labels.whatsapp, labels.call, labels.sms].map((label) => (
          <button
            key={label}
            type="button"
            disabled
            className="min-h-11 rounded-lg border border-neutral-200 text-sm text-neutral-500"
          >
            {label}
          </button>
        ))}
      </div>
      <p id="contact-locked" className="text-muted text-xs">
        {labels.lockedHint}
      </p>
    </div>
  );
}
