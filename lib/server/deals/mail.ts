import 'server-only';
import { eq } from 'drizzle-orm';
import type { ListingKind, MessageKind, NotificationKind } from '@/lib/domain';
import { siteUrl } from '@/lib/env';
import { cityName, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { userLocale } from '@/lib/server/auth/auth';
import type { Tx } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { listingSummaries } from '@/lib/server/listings/listings';
import { enqueue } from '@/lib/server/jobs/queue';
import { shouldNotify } from '@/lib/server/members/notifications';
import { queuePush } from '@/lib/server/members/push';
import { translator } from '@/lib/server/translate';

// The e-mails of a deal: each step tells the other side, in their language, with a link to the
// conversation (the live stream tells an open tab at once; the e-mail, someone who is away).

/** The page of a conversation in the messaging screen. */
export function conversationPath(conversationId: string): string {
  return `messagerie?conversation=${encodeURIComponent(conversationId)}`;
}

/** A step of a deal, as its message kind. */
export type DealStep = Exclude<MessageKind, 'text'>;

/**
 * Each step's subject, the kind of notification it is (parametres: the member may turn each off),
 * and whether it is also pushed (a new proposal, a counter-proposal, an acceptance).
 */
const steps = {
  proposal_sent: { subject: 'dealProposalSubject', kind: 'proposals', push: true },
  proposal_accepted: { subject: 'dealAcceptedSubject', kind: 'proposals', push: true },
  proposal_declined: { subject: 'dealDeclinedSubject', kind: 'proposals', push: false },
  proposal_cancelled: { subject: 'dealCancelledSubject', kind: 'proposals', push: false },
  deal_picked_up: { subject: 'dealPickedUpSubject', kind: 'deals', push: false },
  deal_delivered: { subject: 'dealDeliveredSubject', kind: 'deals', push: false },
} as const satisfies Record<DealStep, { subject: string; kind: NotificationKind; push: boolean }>;

/**
 * Tells the other side of a step by e-mail and, for some steps, by push, unless they switched that
 * off (lib/server/members/notifications.ts): jobs enqueued in the step's transaction `tx`. `counter`
 * marks a proposal_sent of the listing's owner.
 */
export async function notifyDealStep(
  tx: Tx,
  step: DealStep,
  deal: {
    senderId: string;
    publisherId: string;
    packageId: string | null;
    travelId: string | null;
    amount?: number;
    counterAmount?: number | null;
    agreedAmount?: number | null;
    currency?: string;
    status?: string;
  },
  actorId: string,
  conversationId: string,
): Promise<void> {
  const recipientId = actorId === deal.senderId ? deal.publisherId : deal.senderId;
  const [recipient] = await tx.select().from(users).where(eq(users.id, recipientId));
  const [actor] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, actorId));
  if (!recipient || !actor) return;
  const { kind: notice, push } = steps[step];
  const mail = await shouldNotify(recipient.id, notice, 'email', undefined, tx);
  if (!mail.send && !push) return;
  const kind: ListingKind = deal.packageId ? 'package' : 'travel';
  const listingId = (deal.packageId ?? deal.travelId)!;
  const listing = (await listingSummaries([{ kind, id: listingId }], tx)).get(`${kind}:${listingId}`);
  if (!listing) return;
  const locale = userLocale(recipient);
  const t = translator(locale, 'Emails');
  const counter = step === 'proposal_sent' && actorId === deal.publisherId;
  const shown = step === 'proposal_accepted' ? deal.agreedAmount : counter ? deal.counterAmount : (deal.amount ?? null);
  const amount =
    shown && deal.currency
      ? translator(locale, 'Amounts')('total', { price: formatPrice(shown, deal.currency, locale) })
      : '';
  const subject = t(counter ? 'dealCounterSubject' : steps[step].subject, { name: actor.firstname, amount });
  const url = siteUrl + localPath(locale, conversationPath(conversationId));
  if (mail.send)
    await enqueue(tx, 'mail', {
      to: recipient.email,
      subject,
      text: t('dealText', {
        firstname: recipient.firstname,
        summary: subject,
        route: `${cityName(listing.from, locale)} → ${cityName(listing.to, locale)}`,
        url,
      }),
    });
  if (push)
    await queuePush(tx, recipient.id, notice, {
      title: subject,
      body: `${cityName(listing.from, locale)} → ${cityName(listing.to, locale)}`,
      url: localPath(locale, conversationPath(conversationId)),
      tag: `conversation:${conversationId}`,
    });
}
