import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  phoneDeliveryStatuses,
  undeliveredStatuses,
  type PhoneCodeChannel,
  type PhoneDeliveryStatus,
} from '@/lib/domain';
import { siteUrl } from '@/lib/env';
import { hookPaths } from '@/lib/routes';
import { getDb, type Tx } from '@/lib/server/db/client';
import { phoneMessages } from '@/lib/server/db/schema';
import type { JobData } from '@/lib/server/jobs/definitions';
import { phoneCodeChannelsHere, sendText } from './sms';
import { deliveryStatusOf, isTwilioSigned } from './twilio';
import { logger } from '../log.mjs';

// The text messages of phone codes: a row per message (phone_messages), made with the code in its
// transaction; the `sms` job hands it to the provider; Twilio's status callbacks say what became of
// it. The phone step reads the last one to say, in words, when a code could not be delivered.

/** queued < sent < delivered, undelivered, failed: a status never goes back (callbacks come in any order). */
const rank = (status: PhoneDeliveryStatus) => (status === 'queued' ? 0 : status === 'sent' ? 1 : 2);
const below = (status: PhoneDeliveryStatus) => phoneDeliveryStatuses.filter((s) => rank(s) < rank(status));
export const isUndelivered = (status: PhoneDeliveryStatus) =>
  (undeliveredStatuses as readonly string[]).includes(status);

/** Where Twilio reports this message's statuses: the hook, naming the message (the signature covers the query). */
export const statusCallbackUrl = (messageId: string) =>
  `${siteUrl}${hookPaths.twilioStatus}?message=${encodeURIComponent(messageId)}`;

/** A new message of a code, in the code's transaction: its id goes into the `sms` job. */
export async function recordPhoneMessage(
  tx: Tx,
  message: { userId: string; phone: string; channel: PhoneCodeChannel },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(phoneMessages).values({ id, ...message, status: 'queued' });
  return id;
}

/**
 * The channel a code goes by: the one asked for when it is offered here, except WhatsApp after
 * WhatsApp could not deliver to that number: then SMS, by itself.
 */
export async function channelFor(
  userId: string,
  phone: string,
  asked: PhoneCodeChannel | undefined,
): Promise<PhoneCodeChannel> {
  if (!asked || asked === 'sms' || !phoneCodeChannelsHere().includes(asked)) return 'sms';
  const db = await getDb();
  const [last] = await db
    .select({ status: phoneMessages.status })
    .from(phoneMessages)
    .where(and(eq(phoneMessages.userId, userId), eq(phoneMessages.phone, phone), eq(phoneMessages.channel, asked)))
    .orderBy(desc(phoneMessages.createdAt))
    .limit(1);
  return last && isUndelivered(last.status) ? 'sms' : asked;
}

/** Whether a member had a code sent to this number since `since` (the number's cap never refuses their first). */
export async function sentBefore(tx: Tx, userId: string, phone: string, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: phoneMessages.id })
    .from(phoneMessages)
    .where(and(eq(phoneMessages.userId, userId), eq(phoneMessages.phone, phone), gt(phoneMessages.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

export type LastDelivery = { channel: PhoneCodeChannel; status: PhoneDeliveryStatus; at: Date };

/** The last message of a code to this member's number, and what became of it. */
export async function lastDelivery(userId: string, phone: string): Promise<LastDelivery | null> {
  const db = await getDb();
  const [last] = await db
    .select({ channel: phoneMessages.channel, status: phoneMessages.status, at: phoneMessages.createdAt })
    .from(phoneMessages)
    .where(and(eq(phoneMessages.userId, userId), eq(phoneMessages.phone, phone)))
    .orderBy(desc(phoneMessages.createdAt))
    .limit(1);
  return last ?? null;
}

/** Whether the provider said the last code to this member's number could not be delivered. */
export async function lastUndelivered(userId: string, phone: string): Promise<boolean> {
  const last = await lastDelivery(userId, phone);
  return last ? isUndelivered(last.status) : false;
}

/** Moves a message's status forward (never back), keeping the provider's id and error code. */
async function advance(
  messageId: string,
  change: { status: PhoneDeliveryStatus; provider?: string; providerId?: string; errorCode?: string },
  onlyFor?: string,
): Promise<boolean> {
  const db = await getDb();
  const t = phoneMessages;
  const updated = await db
    .update(t)
    .set({
      ...(change.provider ? { provider: change.provider } : {}),
      providerId: change.providerId ? sql`coalesce(${t.providerId}, ${change.providerId})` : undefined,
      status: below(change.status).length
        ? sql`case when ${t.status} in (${sql.join(
            below(change.status).map((s) => sql`${s}`),
            sql`, `,
          )}) then ${change.status} else ${t.status} end`
        : undefined,
      errorCode: change.errorCode ? sql`coalesce(${t.errorCode}, ${change.errorCode})` : undefined,
    })
    .where(and(eq(t.id, messageId), onlyFor ? or(isNull(t.providerId), eq(t.providerId, onlyFor)) : undefined))
    .returning({ id: t.id });
  return updated.length > 0;
}

/** The `sms` job: hands the message to the provider, and notes what it answered. */
export async function deliverPhoneMessage({ to, text, channel = 'sms', code, messageId }: JobData<'sms'>) {
  const handed = await sendText({
    to,
    channel,
    text,
    code,
    statusCallback: messageId ? statusCallbackUrl(messageId) : `${siteUrl}${hookPaths.twilioStatus}`,
  });
  if (handed.status === 'failed')
    logger().warn({ sms: { provider: handed.provider, errorCode: handed.errorCode, channel } }, 'text message refused');
  if (messageId) await advance(messageId, handed);
  return { provider: handed.provider, status: handed.status };
}

export type CallbackOutcome = 'forged' | 'unknown' | 'recorded';

/**
 * POST /api/hooks/twilio/status: a status callback, believed only with Twilio's signature of the URL
 * it was sent to (`url`: this site's public address of the hook, with the query) and its parameters.
 */
export async function receiveStatusCallback(
  url: string,
  params: URLSearchParams,
  signature: string | null,
): Promise<CallbackOutcome> {
  if (!isTwilioSigned(url, params, signature)) return 'forged';
  const messageId = new URL(url).searchParams.get('message');
  const sid = params.get('MessageSid') ?? params.get('SmsSid');
  const status = deliveryStatusOf(params.get('MessageStatus') ?? params.get('SmsStatus') ?? '');
  if (!messageId || !sid || !status) return 'unknown';
  const recorded = await advance(
    messageId,
    { status, providerId: sid, errorCode: params.get('ErrorCode') ?? undefined },
    sid,
  );
  return recorded ? 'recorded' : 'unknown';
}

/** Messages older than `olderThan` (the prune job). */
export async function prunePhoneMessages(olderThan: Date): Promise<void> {
  const db = await getDb();
  await db.delete(phoneMessages).where(lt(phoneMessages.createdAt, olderThan));
}
