import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { MirrorUser } from '@/lib/schemas/users';
import { userLocale } from '@/lib/server/auth/auth';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { phoneCodes, users } from '@/lib/server/db/schema';
import { hit, peek, withinLimit } from '@/lib/server/limits';
import { enqueue } from '@/lib/server/jobs/queue';
import {
  channelFor,
  checkedPhone,
  isUndelivered,
  lastDelivery,
  lastUndelivered,
  phoneCodeChannelsHere,
  recordPhoneMessage,
  sentBefore,
} from '@/lib/server/notify';
import type { PhoneCodeChannel } from '@/lib/domain';
import type { PendingPhone } from '@/lib/schemas/users';
import { translator } from '@/lib/server/translate';
import { mirrorUser } from './member';

// A member's phone, verified by a code sent by SMS or WhatsApp (specification sections 4 and 5). Limits
// on tries and sends are in lib/server/limits.ts; which numbers may get codes, in lib/server/notify/phone-numbers.ts.

export const phoneCodeResendSeconds = 60;
export const phoneCodeLifetimeSeconds = 10 * 60;

function hashCode(userId: string, code: number): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/**
 * POST users/{userId}/confirm-phone: sends a 6-digit code by SMS (or WhatsApp, when offered and
 * asked for), at most once a minute and a few times a day. In this order: the number (a mobile of a
 * country the marketplace serves), the member's own once-a-minute wait (a refusal counts against
 * nothing), the member's daily requests (before PHONE_TAKEN, so trying numbers tells little), then, with
 * the code in one transaction, the caps on what is actually sent: the number's (never a member's first
 * code to it that day: its owner always gets one), its range's, and everyone's (SMS_DAILY_LIMIT).
 */
export async function confirmPhone(userId: string, rawPhone: string, asked?: PhoneCodeChannel) {
  const { phone, range } = checkedPhone(rawPhone);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.phoneVerified && user.phone === phone) throw new AppError('PHONE_ALREADY_VERIFIED');
  const now = new Date();
  const resendBefore = new Date(now.getTime() - phoneCodeResendSeconds * 1000);
  const [last] = await db
    .select({ sentAt: phoneCodes.sentAt, phone: phoneCodes.phone })
    .from(phoneCodes)
    .where(eq(phoneCodes.userId, userId));
  // A code the provider could not deliver does not make the member wait for the next one (the daily caps still count it).
  const undelivered = last ? await lastUndelivered(userId, last.phone) : false;
  if (last && last.sentAt > resendBefore && !undelivered) throw tooSoon(last.sentAt, now);
  await hit('phoneCodesPerUserPerDay', userId);
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true), ne(users.id, userId)));
  if (owner) throw new AppError('PHONE_TAKEN');
  const channel = await channelFor(userId, phone, asked);

  const code = randomInt(100000, 1000000);
  const values = {
    userId,
    phone,
    codeHash: hashCode(userId, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + phoneCodeLifetimeSeconds * 1000),
  };
  const t = translator(userLocale(user), 'Sms');
  // The code, the caps' counts and its message: all or nothing (a refused code counts nowhere).
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(phoneCodes)
      .values(values)
      .onConflictDoUpdate({
        target: phoneCodes.userId,
        set: values,
        setWhere: undelivered ? undefined : sql`${phoneCodes.sentAt} < ${resendBefore.toISOString()}`,
      })
      .returning();
    if (!saved) throw new AppError('RESEND_TOO_SOON', undefined, phoneCodeResendSeconds);
    const firstToday = !(await sentBefore(tx, userId, phone, new Date(now.getTime() - DAY)));
    if (!(await withinLimit('phoneCodesPerNumberPerDay', phone, tx)) && !firstToday)
      throw new AppError(
        'PHONE_NUMBER_LIMIT',
        undefined,
        (await peek('phoneCodesPerNumberPerDay', phone, tx)).retryAfterSeconds,
      );
    await hit('phoneCodesPerRangePerDay', range, tx);
    await hit('phoneCodesPerDay', 'all', tx);
    const messageId = await recordPhoneMessage(tx, { userId, phone, channel });
    await enqueue(tx, 'sms', {
      to: phone,
      text: t('code', { code: String(code) }),
      channel,
      code: String(code),
      messageId,
    });
  });
  return {
    phone,
    channel,
    resendAfterSeconds: phoneCodeResendSeconds,
    expiresInSeconds: phoneCodeLifetimeSeconds,
  };
}

const DAY = 24 * 3600 * 1000;

function tooSoon(sentAt: Date, now: Date): AppError {
  return new AppError('RESEND_TOO_SOON', undefined, phoneCodeResendSeconds - (now.getTime() - sentAt.getTime()) / 1000);
}

/**
 * POST users/{userId}/validate-code: checks the code. Each try is counted before the code is read
 * (atomically, lib/server/limits.ts), so parallel guesses get no more tries than sequential ones, and a new
 * code does not bring new tries.
 */
export async function validatePhoneCode(userId: string, code: number): Promise<MirrorUser> {
  await hit('phoneCodeChecksPerUser', userId);
  const db = await getDb();
  const [pending] = await db.select().from(phoneCodes).where(eq(phoneCodes.userId, userId));
  if (!pending) throw new AppError('NO_PENDING_PHONE_CODE');
  if (pending.expiresAt < new Date()) throw new AppError('PHONE_CODE_EXPIRED');
  if (pending.codeHash !== hashCode(userId, code)) throw new AppError('INVALID_PHONE_CODE');
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ phone: pending.phone, phoneVerified: true }).where(eq(users.id, userId));
      await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PHONE_TAKEN');
    throw error;
  }
  return mirrorUser(userId);
}

/** The number awaiting verification (the last code's), how long before another code may be sent, and what became of its message. */
export async function pendingPhone(userId: string): Promise<PendingPhone | null> {
  const db = await getDb();
  const [pending] = await db
    .select({ phone: phoneCodes.phone, sentAt: phoneCodes.sentAt, expiresAt: phoneCodes.expiresAt })
    .from(phoneCodes)
    .where(eq(phoneCodes.userId, userId));
  if (!pending) return null;
  const elapsed = (Date.now() - pending.sentAt.getTime()) / 1000;
  const delivery = await lastDelivery(userId, pending.phone);
  const undelivered = delivery ? isUndelivered(delivery.status) : false;
  return {
    phone: pending.phone,
    resendInSeconds: undelivered ? 0 : Math.max(0, Math.ceil(phoneCodeResendSeconds - elapsed)),
    expiresInSeconds: Math.max(0, Math.floor((pending.expiresAt.getTime() - Date.now()) / 1000)),
    channel: delivery?.channel ?? 'sms',
    delivery: delivery?.status ?? 'sent',
    channels: phoneCodeChannelsHere(),
  };
}
