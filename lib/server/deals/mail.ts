import 'server-only';
import { eq } from 'drizzle-orm';
import {
  parcelSizeDimensionsCm,
  type ListingKind,
  type MessageKind,
  type NotificationTopic,
  type ParcelSize,
} from '@/lib/domain';
import { siteUrl } from '@/lib/env';
import { cityName, formatNumber, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { userLocale } from '@/lib/server/auth/auth';
import type { Tx } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { listingSummaries } from '@/lib/server/listings/listings';
import { enqueue } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';

// The e-mails of a deal: each step tells the other side, in their language, with a link to the
// conversation (the live stream tells an open tab at once; the e-mail, someone who is away).

/** The page of a conversation in the messaging screen. */
export function conversationPath(conversationId: string): string {
  return `messagerie?conversation=${encodeURIComponent(conversationId)}`;
}

/** A step of a deal, as its message kind. */
export type DealStep = Exclude<MessageKind, 'text'>;
type Step = DealStep | 'first_message';

/** Each step's subject, and the settings' switch that covers it (parametres: the member may turn each off). */
const steps = {
  proposal_sent: { subject: 'dealProposalSubject', topic: 'proposals' },
  proposal_accepted: { subject: 'dealAcceptedSubject', topic: 'proposals' },
  proposal_declined: { subject: 'dealDeclinedSubject', topic: 'proposals' },
  proposal_cancelled: { subject: 'dealCancelledSubject', topic: 'proposals' },
  deal_picked_up: { subject: 'dealPickedUpSubject', topic: 'deals' },
  deal_delivered: { subject: 'dealDeliveredSubject', topic: 'deals' },
  first_message: { subject: 'dealMessageSubject', topic: 'messages' },
} as const satisfies Record<Step, { subject: string; topic: NotificationTopic }>;

const switches = {
  proposals: 'notifyProposals',
  deals: 'notifyDeals',
  messages: 'notifyMessages',
} as const satisfies Record<NotificationTopic, keyof typeof users.$inferSelect>;

/**
 * Tells the other side of a step, unless they switched that kind of e-mail off: the e-mail is a job
 * enqueued in the step's transaction `tx`. `counter` marks a proposal_sent of the listing's owner.
 */
export async function notifyDealStep(
  tx: Tx,
  step: Step,
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
    parcelWeightKg?: number | null;
    parcelSize?: ParcelSize | null;
    parcelContents?: string | null;
  },
  actorId: string,
  conversationId: string,
  /** `expired`: declined because the listing's dates passed (lib/server/listings/lifecycle.ts). */
  reason?: 'expired',
): Promise<void> {
  const recipientId = actorId === deal.senderId ? deal.publisherId : deal.senderId;
  const [recipient] = await tx.select().from(users).where(eq(users.id, recipientId));
  const [actor] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, actorId));
  if (!recipient || !actor || !recipient[switches[steps[step].topic]]) return;
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
  const subject = t(
    reason === 'expired' ? 'dealExpiredSubject' : counter ? 'dealCounterSubject' : steps[step].subject,
    { name: actor.firstname, amount },
  );
  // A proposal on a trip says what the parcel is: the traveller reads it before accepting.
  const parcel =
    step === 'proposal_sent' && deal.parcelSize && deal.parcelWeightKg && deal.parcelContents
      ? t('dealParcel', {
          weight: formatNumber(deal.parcelWeightKg, locale),
          size: parcelSizeText(deal.parcelSize, locale),
          contents: deal.parcelContents,
        })
      : null;
  await enqueue(tx, 'mail', {
    to: recipient.email,
    subject,
    text: t('dealText', {
      firstname: recipient.firstname,
      summary: parcel ? `${subject}.\n${parcel}` : subject,
      route: `${cityName(listing.from, locale)} → ${cityName(listing.to, locale)}`,
      url: siteUrl + localPath(locale, conversationPath(conversationId)),
    }),
  });
}

/** "Petit (jusqu’à 35 × 25 × 15 cm)": a size category and what it means, in a language. */
export function parcelSizeText(size: ParcelSize, locale: Parameters<typeof translator>[0]): string {
  const t = translator(locale, 'ParcelSizes');
  const [length, width, height] = parcelSizeDimensionsCm[size].map((cm) => formatNumber(cm, locale, 0));
  return `${t(size)} (${t('dimensions', { length: length!, width: width!, height: height! })})`;
}
