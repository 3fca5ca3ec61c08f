import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { normalizeMobilePhone } from '@/lib/phone';
import type { MirrorUser } from '@/lib/schemas/users';
import { userLocale } from '@/lib/server/auth/auth';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { phoneCodes, users } from '@/lib/server/db/schema';
import { hit } from '@/lib/server/limits';
import { enqueue } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';
import { mirrorUser } from './member';

// A member's phone, verified by a code sent by SMS (specification sections 4 and 5). Limits on tries
// and sends are in lib/server/limits.ts.

export const phoneCodeResendSeconds = 60;
export const phoneCodeLifetimeSeconds = 10 * 60;

function hashCode(userId: string, code: number): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/** POST users/{userId}/confirm-phone: sends a 6-digit code by SMS, at most once a minute and a few times a day. */
export async function confirmPhone(userId: string, rawPhone: string) {
  const phone = normalizeMobilePhone(rawPhone);
  if (!phone) throw new AppError('INVALID_PHONE', { phone: 'phoneInvalid' });
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.phoneVerified && user.phone === phone) throw new AppError('PHONE_ALREADY_VERIFIED');
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true), ne(users.id, userId)));
  if (owner) throw new AppError('PHONE_TAKEN');
  await hit('phoneCodesPerUserPerDay', userId);
  await hit('phoneCodesPerNumberPerDay', phone);

  const now = new Date();
  const code = randomInt(100000, 1000000);
  const resendBefore = new Date(now.getTime() - phoneCodeResendSeconds * 1000);
  const values = {
    userId,
    phone,
    codeHash: hashCode(userId, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + phoneCodeLifetimeSeconds * 1000),
  };
  const t = translator(userLocale(user), 'Sms');
  // The code and its text message: both or neither.
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(phoneCodes)
      .values(values)
      .onConflictDoUpdate({
        target: phoneCodes.userId,
        set: values,
        setWhere: sql`${phoneCodes.sentAt} < ${resendBefore.toISOString()}`,
      })
      .returning();
    if (!saved) throw new AppError('RESEND_TOO_SOON');
    await enqueue(tx, 'sms', { to: phone, text: t('code', { code: String(code) }) });
  });
  return { phone, resendAfterSeconds: phoneCodeResendSeconds, expiresInSeconds: phoneCodeLifetimeSeconds };
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

/** The number awaiting verification (the last code's), and how long before another code may be sent. */
export async function pendingPhone(userId: string): Promise<{ phone: string; resendInSeconds: number } | null> {
  const db = await getDb();
  const [pending] = await db
    .select({ phone: phoneCodes.phone, sentAt: phoneCodes.sentAt })
    .from(phoneCodes)
    .where(eq(phoneCodes.userId, userId));
  if (!pending) return null;
  const elapsed = (Date.now() - pending.sentAt.getTime()) / 1000;
  return { phone: pending.phone, resendInSeconds: Math.max(0, Math.ceil(phoneCodeResendSeconds - elapsed)) };
}
