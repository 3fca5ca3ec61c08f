'use client';
import { useEffect, useState, type ComponentType } from 'react';
import { useSessionUser } from '@/lib/client/use-session-user';
import type { MemberDealProps } from './member-deal';

import { joinDialogId } from './element-ids';

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
 * Continue" dialog, a native popover that needs no script. For a signed-in member the deal panel
 * (./member-deal.tsx: their proposal and its state, the propose form, the conversation) is loaded
 * after the page, so the page stays the same cached HTML for everyone and carries none of it.
 */
export function ContactActions({
  ownerId,
  open,
  labels,
  deal,
}: {
  ownerId: string;
  open: boolean;
  labels: Labels;
  deal: Omit<MemberDealProps, 'me'>;
}) {
  const user = useSessionUser();
  const member = user && user.id !== ownerId ? user.id : null;
  const [Deal, setDeal] = useState<ComponentType<MemberDealProps> | null>(null);
  useEffect(() => {
    if (member) void import('./member-deal').then((m) => m.load(deal.prefix, setDeal));
  }, [member, deal.prefix]);
  if (member && Deal) return <Deal {...deal} me={member} />;

  const primary = 'flex min-h-12 items-center justify-center rounded-full px-5 font-semibold';
  const own = user !== null && !member;
  return (
    <div className="flex flex-col gap-3">
      {own || !open ? null : (
        <>
          {/* A member's deal panel replaces these as soon as it is loaded. */}
          <button
            type="button"
            popoverTarget={joinDialogId}
            disabled={!!user}
            className={`${primary} bg-primary text-ink hover:bg-primary/85`}
          >
            {labels.propose}
          </button>
          <button
            type="button"
            popoverTarget={joinDialogId}
            disabled={!!user}
            className={`${primary} border-secondary text-secondary hover:bg-secondary-light border`}
          >
            {labels.message}
          </button>
        </>
      )}
      <div className="grid grid-cols-3 gap-2">
        {[labels.whatsapp, labels.call, labels.sms].map((label) => (
          <button
            key={label}
            type="button"
            disabled
            aria-describedby="contact-locked"
            className="min-h-11 rounded-lg border border-neutral-200 text-sm text-neutral-500"
          >
            {label}
          </button>
        ))}
      </div>
      <p id="contact-locked" className="text-muted text-xs">
        {own ? labels.ownNote : open ? labels.lockedHint : labels.expiredNote}
      </p>
    </div>
  );
}
