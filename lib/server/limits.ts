import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError, type ErrorCode } from '@/lib/errors';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { rateLimits } from '@/lib/server/db/schema';
import { env } from '@/lib/env';
import { processShared } from '@/lib/server/process-shared.mjs';

// Every abuse limit, in one table: how many, in what window, counted per what (the key the caller
// passes). Counters live in the database, so every instance shares them; each counts in a fixed
// window that starts at its first hit. A refusal is a 429 with Retry-After (lib/server/http/route.ts) and
// the limit's code: RATE_LIMITED ("wait before another request") unless the specification names a
// more precise one. docs/architecture.md lists them.

/**
 * `per: 'address'`: the key is a client address, counted per /64 for IPv6 (addressKey).
 * `kept: 'instance'`: counted by each instance in its memory (hitHere), for requests too many for a row each.
 */
type Limit = { max: number; windowSeconds: number; code?: ErrorCode; per?: 'address'; kept?: 'instance' };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const limits = {
  /** Sign-in attempts from one address, right or wrong. */
  signInPerAddress: { max: 30, windowSeconds: 15 * MINUTE, per: 'address' },
  /** Wrong passwords for one account from one address: the owner elsewhere is not locked out. */
  signInFailuresPerAccountAndAddress: { max: 10, windowSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from everywhere: a looser ceiling against spread-out guessing. */
  signInFailuresPerAccount: { max: 100, windowSeconds: HOUR },
  signUpPerAddress: { max: 10, windowSeconds: HOUR, per: 'address' },
  /** "A reset request was already made, wait before another" (for any address, known or not). */
  passwordResetPerAccount: { max: 1, windowSeconds: 5 * MINUTE, code: 'RESET_ALREADY_REQUESTED' },
  passwordResetPerAddress: { max: 10, windowSeconds: HOUR, per: 'address' },
  emailConfirmationPerAccount: { max: 1, windowSeconds: MINUTE, code: 'RESEND_TOO_SOON' },
  emailConfirmationPerAccountPerDay: { max: 10, windowSeconds: DAY },
  emailConfirmationPerAddress: { max: 20, windowSeconds: HOUR, per: 'address' },
  /** "This address already has an account" e-mails, sent on a sign-up with a confirmed address (quietly capped). */
  accountExistsMailsPerAccount: { max: 3, windowSeconds: DAY },
  /** Code requests of a member (a refused "too soon" is not one): counted before PHONE_TAKEN, so trying numbers tells little. */
  phoneCodesPerUserPerDay: { max: 5, windowSeconds: DAY },
  /**
   * Codes sent to one number, whoever asked: a number someone else claims must not become an SMS
   * bomb. A member's first code to a number in the day is never refused by it (its owner always gets one).
   */
  phoneCodesPerNumberPerDay: { max: 5, windowSeconds: DAY, code: 'PHONE_NUMBER_LIMIT' },
  /** Codes sent to one range of numbers (a number without its last digits, phoneCodeRules): SMS pumping spends whole ranges. */
  phoneCodesPerRangePerDay: { max: 20, windowSeconds: DAY, code: 'PHONE_NUMBER_LIMIT' },
  /** Codes sent by every instance together (SMS_DAILY_LIMIT): the bill's ceiling. */
  phoneCodesPerDay: { max: env.SMS_DAILY_LIMIT, windowSeconds: DAY, code: 'SMS_UNAVAILABLE' },
  /** Guesses at the SMS code, across resends. */
  phoneCodeChecksPerUser: { max: 5, windowSeconds: HOUR, code: 'TOO_MANY_ATTEMPTS' },
  imageUploadsPerUser: { max: 60, windowSeconds: HOUR },
  newsletterPerAddress: { max: 10, windowSeconds: HOUR, per: 'address' },
  /** New proposals (changes and answers to one are not counted: they are steps of a deal). */
  proposalsPerUser: { max: 30, windowSeconds: DAY },
  /** Handover codes typed for one deal, right or wrong: like phone codes. */
  handoverCodeChecks: { max: 5, windowSeconds: HOUR, code: 'TOO_MANY_ATTEMPTS' },
  /** Conversations opened about others' listings. */
  conversationsPerUser: { max: 50, windowSeconds: DAY },
  messagesPerUserPerMinute: { max: 30, windowSeconds: MINUTE },
  messagesPerUserPerDay: { max: 1000, windowSeconds: DAY },
  /** Newsletter e-mails (a confirmation link, or "you are already subscribed") to one address typed: past them, the same answer and no e-mail. */
  newsletterEmailsPerInbox: { max: 1, windowSeconds: 10 * MINUTE },
  newsletterEmailsPerInboxPerDay: { max: 5, windowSeconds: DAY },
  contactPerAddress: { max: 5, windowSeconds: HOUR, per: 'address' },
  /** The sender gets a copy: the form must not become a way to mail someone else over and over. */
  contactPerSender: { max: 5, windowSeconds: DAY },
  /** The password typed to change it, to change the e-mail or to delete the account, right or wrong. */
  passwordChecksPerUser: { max: 10, windowSeconds: 15 * MINUTE },
  /** Links sent to a new e-mail address. */
  emailChangesPerUser: { max: 5, windowSeconds: DAY },
  /** Links that delete the account of a member without a password. */
  accountDeletionLinksPerUser: { max: 5, windowSeconds: DAY },
  favouriteWritesPerUser: { max: 300, windowSeconds: HOUR },
  likeWritesPerUser: { max: 100, windowSeconds: HOUR },
  ratingsPerUser: { max: 20, windowSeconds: DAY },
  reportsPerUser: { max: 10, windowSeconds: DAY },
  alertsPerUser: { max: 30, windowSeconds: DAY },
  /** Blocks and unblocks. */
  blockWritesPerUser: { max: 60, windowSeconds: HOUR },
  /** Edits and counters of one proposal by one side: each one e-mails and notifies the other side. */
  proposalChangesPerProposal: { max: 10, windowSeconds: HOUR },
  /** Deal e-mails to one member about one conversation: the first goes, the next steps wait in the conversation. */
  dealMailsPerConversation: { max: 1, windowSeconds: 10 * MINUTE },
  /**
   * Page events (POST /page-events, lib/server/traffic/): a page sends two, and more as its tab moves
   * on; many visitors may share an address (a carrier's NAT). Counted by each instance in memory.
   */
  pageEventsPerAddress: { max: 600, windowSeconds: MINUTE, per: 'address', kept: 'instance' },
  /** Browsers subscribed to web push (lib/server/notify/push.ts keeps 10 per member). */
  pushSubscriptionsPerUser: { max: 30, windowSeconds: DAY },
} satisfies Record<string, Limit>;
export type LimitName = keyof typeof limits;

const storageKey = (name: LimitName, key: string) =>
  `colibri:${name}:${(limits[name] as Limit).per === 'address' ? addressKey(key) : key}`;

/**
 * The part of a client address a limit counts: an IPv4 address whole, an IPv6 one by its /64 (one
 * subscriber commonly holds a whole /64, so counting each address would give unlimited budgets).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0]!;
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = bare.split('::');
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  const full =
    tail === undefined ? start : [...start, ...Array(Math.max(0, 8 - start.length - end.length)).fill('0'), ...end];
  return `${full
    .slice(0, 4)
    .map((g) => (parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** better-auth's own limiter window (lib/server/auth/auth.ts), whose counters share the table. */
const betterAuthWindowSeconds = 60;

/** Counters whose window ended (the longest window of any limit ago): a new hit starts afresh anyway (the prune job). */
export async function pruneRateLimits(): Promise<void> {
  const longest = Math.max(
    betterAuthWindowSeconds,
    ...Object.values(limits).map((limit: Limit) => limit.windowSeconds),
  );
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.lastRequest, Date.now() - longest * 1000));
}

/**
 * Counts one use of `name` for `key`; throws the limit's 429 when this use is over the limit (the
 * count is atomic: of parallel uses, exactly `max` pass).
 */
export async function hit(name: LimitName, key: string, on?: Db | Tx): Promise<number> {
  const limit: Limit = limits[name];
  const db = on ?? (await getDb());
  const now = Date.now();
  const windowStart = now - limit.windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: storageKey(name, key), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, since: rateLimits.lastRequest });
  if (row && row.count > limit.max)
    throw new AppError(limit.code ?? 'RATE_LIMITED', undefined, (row.since + limit.windowSeconds * 1000 - now) / 1000);
  return row?.count ?? 1;
}

/** The uses of `name` for `key` counted in its current window, without counting one more. */
export async function peek(
  name: LimitName,
  key: string,
  on?: Db | Tx,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const limit: Limit = limits[name];
  const db = on ?? (await getDb());
  const now = Date.now();
  const [row] = await db
    .select({ count: rateLimits.count, since: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, storageKey(name, key)));
  if (!row || row.since < now - limit.windowSeconds * 1000) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: (row.since + limit.windowSeconds * 1000 - now) / 1000 };
}

/** Gives back one use (a sign-in that succeeded does not count as a failure). */
export async function refund(name: LimitName, key: string): Promise<void> {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, storageKey(name, key))));
}

type InstanceCounters = Map<string, { count: number; since: number }>;
/** Past this many keys, the counters whose window ended are dropped. */
const instanceCountersMax = 50_000;
let lastSweep = 0;

/**
 * Counts one use of a limit kept by this instance (`kept: 'instance'`) in its memory, and throws its
 * 429 past the limit, like `hit`: no query, for requests that come by the thousand a second.
 */
export function hitHere(name: LimitName, key: string, now = Date.now()): void {
  const limit: Limit = limits[name];
  if (limit.kept !== 'instance') throw new Error(`${name} is counted in the database: hit()`);
  const counters = processShared<InstanceCounters>('instance-limits', () => new Map());
  const windowMs = limit.windowSeconds * 1000;
  const storage = storageKey(name, key);
  let counter = counters.get(storage);
  if (!counter || counter.since <= now - windowMs) {
    // A sweep walks every key: at most one a second, so that a full map of live windows (a burst of
    // new addresses) does not cost each request a walk of it.
    if (counters.size >= instanceCountersMax && now - lastSweep >= 1000) {
      lastSweep = now;
      for (const [other, { since }] of counters) if (since <= now - windowMs) counters.delete(other);
    }
    counter = { count: 0, since: now };
    counters.set(storage, counter);
  }
  counter.count += 1;
  if (counter.count > limit.max)
    throw new AppError(limit.code ?? 'RATE_LIMITED', undefined, (counter.since + windowMs - now) / 1000);
}

/** Counts one use like `hit`, but answers whether it was within the limit instead of throwing. */
export async function withinLimit(name: LimitName, key: string, on?: Db | Tx): Promise<boolean> {
  try {
    await hit(name, key, on);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return false;
    throw error;
  }
}
