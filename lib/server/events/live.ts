import 'server-only';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { LiveEvent } from '@/lib/schemas/deals';
import { getDb, type Tx } from '@/lib/server/db/client';
import { liveCounters, liveEvents } from '@/lib/server/db/schema';

// What members' open tabs hear, live (DESIGN.md "live messages"): the services record events in the
// transaction of their write; at commit PostgreSQL notifies every app instance (./hub.ts), which
// reads the new events of the members whose streams it holds. Each member's events are numbered in
// order, so a tab that reconnects with Last-Event-ID gets exactly what it missed.

/** The NOTIFY channel of new member events: its payload names the members. */
export const liveChannel = 'colibri_live';
/** How long a member's events are kept for a tab to catch up; an older Last-Event-ID gets `reset`. */
const retentionHours = 72;

/** An event for one member's tabs. */
export type LiveEntry = { userId: string; event: LiveEvent };

/**
 * A write and the events it makes, in one transaction: `fn` pushes what each member must hear into
 * `live`, and the events are recorded last, so that their tabs hear them once it commits.
 */
export async function liveTransaction<T>(fn: (tx: Tx, live: LiveEntry[]) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const live: LiveEntry[] = [];
    const result = await fn(tx, live);
    await record(tx, live);
    return result;
  });
}

/**
 * Records events for members inside the writer's transaction. Once per transaction, after the write
 * (liveTransaction does): each member's counter row stays locked until the commit, and members are
 * taken in id order, so two writers never wait for each other in a circle.
 */
async function record(tx: Tx, entries: LiveEntry[]): Promise<void> {
  if (!entries.length) return;
  const byUser = new Map<string, LiveEvent[]>();
  for (const { userId, event } of entries) byUser.set(userId, [...(byUser.get(userId) ?? []), event]);
  const userIds = [...byUser.keys()].sort();
  const rows: (typeof liveEvents.$inferInsert)[] = [];
  for (const userId of userIds) {
    const events = byUser.get(userId)!;
    const [counter] = await tx
      .insert(liveCounters)
      .values({ userId, seq: events.length })
      .onConflictDoUpdate({ target: liveCounters.userId, set: { seq: sql`${liveCounters.seq} + ${events.length}` } })
      .returning({ seq: liveCounters.seq });
    const first = counter!.seq - events.length + 1;
    events.forEach((event, i) => rows.push({ userId, seq: first + i, type: event.type, payload: event.payload }));
  }
  await tx.insert(liveEvents).values(rows);
  await tx.execute(sql`select pg_notify(${liveChannel}, ${JSON.stringify({ users: userIds })})`);
}

/** A member's events after `seq`, in order, at most `limit`. */
export async function eventsAfter(userId: string, seq: number, limit: number) {
  const db = await getDb();
  const rows = await db
    .select({ seq: liveEvents.seq, type: liveEvents.type, payload: liveEvents.payload })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.seq, seq)))
    .orderBy(asc(liveEvents.seq))
    .limit(limit);
  return rows.map((row) => ({ seq: row.seq, event: { type: row.type, payload: row.payload } as LiveEvent }));
}

/** Events older than the retention go (the prune job, lib/server/jobs). */
export async function pruneLiveEvents(): Promise<void> {
  const db = await getDb();
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(Date.now() - retentionHours * 3600_000)));
}

/** Where a tab's stream starts: after its Last-Event-ID, else from now on. `reset` when that is gone. */
export async function startingPoint(
  userId: string,
  lastEventId: string | null,
): Promise<{ last: number; reset: boolean }> {
  const db = await getDb();
  const [counter] = await db
    .select({ seq: liveCounters.seq })
    .from(liveCounters)
    .where(eq(liveCounters.userId, userId));
  const current = counter?.seq ?? 0;
  const asked = lastEventId !== null && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
  if (asked === null || asked > current) return { last: current, reset: asked !== null };
  const [oldest] = await db
    .select({ seq: sql<number>`min(${liveEvents.seq})` })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  const kept = oldest?.seq === null || oldest?.seq === undefined ? current + 1 : Number(oldest.seq);
  // Events between the tab's last and the oldest kept were pruned: it must load everything again.
  if (asked < kept - 1) return { last: current, reset: true };
  return { last: asked, reset: false };
}
