import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/locales';
import {
  parcelSizeDimensionsCm,
  type ListingKind,
  type MessageKind,
  type NotificationKind,
  type ParcelSize,
} from '@/lib/domain';
import { siteUrl } from '@/lib/env';
import { cityName, formatNumber, formatPrice } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { userLocale } from '@/lib/server/auth/auth';
import type { Tx } from '@/lib/server/db/client';
import { getDb } from '@/lib/server/db/client';
import { conversations, users } from '@/lib/server/db/schema';
import { listingSummaries } from '@/lib/server/listings/listings';
import { enqueue, jobId } from '@/lib/server/jobs/queue';
import { peek, withinLimit } from '@/lib/server/limits';
import { noticeMail, queuePush, shouldNotify } from '@/lib/server/notify';
import { translator } from '@/lib/server/translate';

// The e-mails of a deal: each step tells the other side, in their language, with a link to the
// conversation (the live stream tells an open tab at once; the e-mail, someone who is away).

/** The page of a conversation in the messaging screen. */
export function conversationPath(conversationId: string): string {
  return `messagerie?conversation=${encodeURIComponent(conversationId)}`;
}

/** A step of a deal, as its message kind. */
export type DealStep = Exclude<MessageKind, 'text'>;

/** The longest name a subject shows: a name is the member's own text. */
const subjectNameMax = 24;

/** A member's first name in a subject: on one line, cut short, and quoted, so it reads as a name and nothing more. */
export function subjectName(name: string, locale: Locale): string {
  const flat = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const letters = [...flat];
  const short =
    letters.length > subjectNameMax
      ? `${letters
          .slice(0, subjectNameMax - 1)
          .join('')
          .trimEnd()}…`
      : flat;
  return locale === 'fr' ? `« ${short} »` : locale === 'en' ? `“${short}”` : `«${short}»`;
}

/** The key of the deal e-mails limit: one member, one conversation. */
const mailKey = (conversationId: string, recipientId: string) => `${conversationId}:${recipientId}`;

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
 * off (lib/server/notify/preferences.ts): jobs enqueued in the step's transaction `tx`. `counter`
 * marks a proposal_sent of the listing's owner. One e-mail per conversation and recipient in 10
 * minutes: the steps after it wait for one more e-mail at the end of the window (deal-mail-later).
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
  const subject = t(
    reason === 'expired' ? 'dealExpiredSubject' : counter ? 'dealCounterSubject' : steps[step].subject,
    { name: subjectName(actor.firstname, locale), amount },
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
  const route = `${cityName(listing.from, locale)} → ${cityName(listing.to, locale)}`;
  if (push)
    await queuePush(tx, recipient.id, notice, {
      title: subject,
      body: route,
      url: localPath(locale, conversationPath(conversationId)),
      tag: `conversation:${conversationId}`,
    });
  if (!mail.send) return;
  const key = mailKey(conversationId, recipientId);
  if (!(await withinLimit('dealMailsPerConversation', key, tx))) {
    const { retryAfterSeconds } = await peek('dealMailsPerConversation', key, tx);
    const sendAt = Math.ceil(Date.now() / 1000 + retryAfterSeconds);
    // One job per window: the later steps of the window find it enqueued already.
    await enqueue(
      tx,
      'deal-mail-later',
      { conversationId, recipientId, actorId },
      { id: jobId('deal-mail-later', key, String(sendAt)), startAfter: new Date(sendAt * 1000) },
    );
    return;
  }
  await enqueue(
    tx,
    'mail',
    await noticeMail(tx, recipient, notice, locale, {
      subject,
      text: t('dealText', {
        firstname: recipient.firstname,
        summary: parcel ? `${subject}.\n${parcel}` : subject,
        route,
        url: siteUrl + localPath(locale, conversationPath(conversationId)),
      }),
    }),
  );
}

/**
 * The deal-mail-later job: the steps of a conversation that came after its last e-mail, in one
 * e-mail (which starts a new window), if the conversation and the recipient are still there.
 */
export async function sendDealNews(conversationId: string, recipientId: string, actorId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
    const [recipient] = await tx.select().from(users).where(eq(users.id, recipientId));
    const [actor] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, actorId));
    if (!conversation || !recipient || !actor) return;
    const wanted = await Promise.all(
      (['proposals', 'deals'] as const).map((kind) => shouldNotify(recipient.id, kind, 'email', undefined, tx)),
    );
    if (!wanted.some((decision) => decision.send)) return;
    const kind: ListingKind = conversation.packageId ? 'package' : 'travel';
    const listingId = (conversation.packageId ?? conversation.travelId)!;
    const listing = (await listingSummaries([{ kind, id: listingId }], tx)).get(`${kind}:${listingId}`);
    if (!listing) return;
    await withinLimit('dealMailsPerConversation', mailKey(conversationId, recipientId), tx);
    const locale = userLocale(recipient);
    const t = translator(locale, 'Emails');
    const subject = t('dealNewsSubject', { name: subjectName(actor.firstname, locale) });
    await enqueue(
      tx,
      'mail',
      await noticeMail(tx, recipient, 'deals', locale, {
        subject,
        text: t('dealText', {
          firstname: recipient.firstname,
          summary: subject,
          route: `${cityName(listing.from, locale)} → ${cityName(listing.to, locale)}`,
          url: siteUrl + localPath(locale, conversationPath(conversationId)),
        }),
      }),
    );
  });
}

/** "Petit (jusqu’à 35 × 25 × 15 cm)": a size category and what it means, in a language. */
export function parcelSizeText(size: ParcelSize, locale: Parameters<typeof translator>[0]): string {
  const t = translator(locale, 'ParcelSizes');
  const [length, width, height] = parcelSizeDimensionsCm[size].map((cm) => formatNumber(cm, locale, 0));
  return `${t(size)} (${t('dimensions', { length: length!, width: width!, height: height! })})`;
}
