import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { NotificationKind } from '@/lib/domain';
import { env } from '@/lib/env';
import type { PushPayload, PushSubscriptionInput } from '@/lib/schemas/push';
import { now } from '@/lib/server/clock';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { pushSubscriptions, settings } from '@/lib/server/db/schema';
import { enqueue } from '@/lib/server/jobs/queue';
import { hit } from '@/lib/server/limits';
import { logger } from '../log.mjs';
import { newId } from '@/lib/server/ids';
import { shouldNotify } from './preferences';
import { isPushEndpoint, postToPushService } from './push-hosts';
import { AppError } from '@/lib/errors';

// Web push (W3C Push API, VAPID, RFC 8291 encryption by the web-push package): a member's browsers
// subscribe; a push is a job that asks shouldNotify() when it runs (quiet hours hold it until they
// end); a subscription the push service no longer knows (404, 410) is deleted.

/** A member keeps this many subscribed browsers; a new one replaces the oldest. */
export const pushSubscriptionsKept = 10;
/** How long a push service keeps a push for a browser that is offline. */
const ttlSeconds = 24 * 3600;

type Keys = { publicKey: string; privateKey: string; subject: string };

/** The VAPID keys: VAPID_* when set, else a pair generated once and kept in the database for every instance. */
export async function vapidKeys(db?: Db): Promise<Keys> {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const database = db ?? (await getDb());
  const generated = webpush.generateVAPIDKeys();
  await database
    .insert(settings)
    .values({ key: 'vapid_keys', value: JSON.stringify(generated) })
    .onConflictDoNothing();
  const [row] = await database.select().from(settings).where(eq(settings.key, 'vapid_keys'));
  if (!row) throw new Error('VAPID keys missing');
  const kept = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { ...kept, subject };
}

/** POST /push/subscriptions: this browser now receives `userId`'s pushes (an endpoint has one owner). */
export async function subscribePush(userId: string, input: PushSubscriptionInput): Promise<null> {
  // Only a push service's address: the push job posts from the server's own network (./push-hosts.ts).
  if (!isPushEndpoint(input.endpoint)) throw new AppError('VALIDATION_FAILED', { endpoint: 'pushEndpointInvalid' });
  await hit('pushSubscriptionsPerUser', userId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
    await tx
      .insert(pushSubscriptions)
      .values({ id: newId(), ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: now() } });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt));
    const extra = kept.slice(0, Math.max(0, kept.length - pushSubscriptionsKept)).map((row) => row.id);
    if (extra.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
  return null;
}

/** DELETE /push/subscriptions: this browser stops receiving the member's pushes. */
export async function unsubscribePush(userId: string, endpoint: string): Promise<null> {
  const db = await getDb();
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return null;
}

/** Enqueues a push to `userId`'s browsers in the caller's transaction; whether and when it goes is decided when it runs. */
export async function queuePush(tx: Tx, userId: string, kind: NotificationKind, payload: PushPayload): Promise<void> {
  // No browser subscribed: no job (most members; a message would otherwise cost a job for nothing).
  const [browser] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  if (browser) await enqueue(tx, 'push', { userId, kind, payload });
}

export type PushOutcome = { sent: number; removed: number; failed: number; held?: Date; off?: true };

/** The job: sends one push to each of the member's browsers now, or holds it until their quiet hours end. */
export async function deliverPush(userId: string, kind: NotificationKind, payload: PushPayload): Promise<PushOutcome> {
  const db = await getDb();
  const at = now();
  const decision = await shouldNotify(userId, kind, 'push', at, db);
  if (!decision.send) {
    if (!decision.until) return { sent: 0, removed: 0, failed: 0, off: true };
    const seconds = Math.max(1, Math.ceil((decision.until.getTime() - at.getTime()) / 1000));
    await enqueue(db, 'push', { userId, kind, payload }, { startAfter: seconds });
    return { sent: 0, removed: 0, failed: 0, held: decision.until };
  }
  const browsers = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (!browsers.length) return { sent: 0, removed: 0, failed: 0 };
  const keys = await vapidKeys(db);
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  for (const browser of browsers) {
    // A subscription kept from before the push services' list: never posted to, forgotten.
    if (!isPushEndpoint(browser.endpoint)) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id));
      outcome.removed += 1;
      continue;
    }
    // web-push encrypts (aes128gcm) and signs; the request goes to the push service's public address only.
    const request = webpush.generateRequestDetails(
      { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: keys,
        TTL: ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    try {
      const status = await postToPushService(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
      });
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id));
        outcome.removed += 1;
      } else if (status >= 200 && status < 300) outcome.sent += 1;
      else {
        outcome.failed += 1;
        logger().warn({ push: { status, host: new URL(browser.endpoint).host } }, 'push refused');
      }
    } catch (error) {
      outcome.failed += 1;
      logger().warn({ err: error, push: { host: new URL(browser.endpoint).host } }, 'push failed');
    }
  }
  // Every browser failed: the job is tried again later (a partial failure is not, or the others would get it twice).
  if (outcome.failed && !outcome.sent) throw new Error(`push to ${browsers.length} browser(s) failed`);
  return outcome;
}
