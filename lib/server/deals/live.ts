import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { env } from '@/lib/env';
import type { LiveEvent } from '@/lib/schemas/deals';
import { connection, getDb, type Tx } from '@/lib/server/db/client';
import { liveCounters, liveEvents } from '@/lib/server/db/schema';
import { eventBus } from '@/lib/server/events/bus.mjs';
import { relay, type ServerEvents } from '@/lib/server/events';

// What members' open tabs hear, live (DESIGN.md "live messages"): the services record events in the
// transaction of their write (`record`); at commit PostgreSQL notifies every app instance (one
// LISTEN per process, PGlite's in the embedded default); each instance reads the new events of the
// members whose streams it holds and sends them as Server-Sent Events (`liveStream`). Each member's
// events are numbered in order, so a tab that reconnects with Last-Event-ID gets exactly what it
// missed. The same notifications carry `listings-changed` to the other instances, whose page caches
// purge.

const liveChannel = 'colibri_live';
const listingsChannel = 'colibri_listings';
/** A comment this often keeps proxies from closing an idle stream (they often cut at 60 s). */
export const keepAliveSeconds = 20;
/** How long a member's events are kept for a tab to catch up; an older Last-Event-ID gets `reset`. */
const retentionHours = 72;
/** Open streams of one member on one instance (tabs); more are refused. */
const streamsPerMember = 12;

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

// ---------------------------------------------------------------- the instance's hub

type Subscriber = {
  userId: string;
  /** The last event this tab got. */
  last: number;
  send: (seq: number, event: LiveEvent) => void;
  reading?: Promise<void>;
  again?: boolean;
};

class LiveHub {
  readonly instance = randomUUID();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private listening?: Promise<void>;
  private pruned = 0;

  /** LISTEN, once per process: member events, and the other instances' listing writes. */
  start(): Promise<void> {
    this.listening ??= this.listen().catch((error) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening;
  }

  private async listen() {
    const conn = await connection();
    const onLive = (payload: string) => this.wake((JSON.parse(payload) as { users: string[] }).users);
    const onListings = (payload: string) => {
      const { from, ...change } = JSON.parse(payload) as { from: string } & ServerEvents['listings-changed'];
      if (from === this.instance) return;
      eventBus().emit('listings-changed', { ...change, remote: true });
      void expireHere(change);
    };
    if (conn.driver === 'postgres') {
      const client = conn.raw as import('postgres').Sql;
      // onlisten runs again after a lost connection comes back: what was notified meanwhile is lost,
      // so every stream reads what it missed.
      await client.listen(liveChannel, onLive, () => this.wakeAll());
      await client.listen(listingsChannel, onListings);
    } else {
      const client = conn.raw as import('@electric-sql/pglite').PGlite;
      await client.listen(liveChannel, onLive);
      await client.listen(listingsChannel, onListings);
    }
    // This instance's listing writes, told to the others.
    relay(async (event, change) => {
      if (event !== 'listings-changed') return;
      const db = await getDb();
      await db.execute(
        sql`select pg_notify(${listingsChannel}, ${JSON.stringify({ ...change, from: this.instance })})`,
      );
    });
  }

  /** A member's tabs on this instance are counted: one too many is refused before its stream opens. */
  assertRoom(userId: string) {
    if ((this.subscribers.get(userId)?.size ?? 0) >= streamsPerMember)
      throw new AppError('RATE_LIMITED', undefined, keepAliveSeconds);
  }

  add(subscriber: Subscriber) {
    const set = this.subscribers.get(subscriber.userId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(subscriber.userId, set);
    void this.prune();
  }

  remove(subscriber: Subscriber) {
    const set = this.subscribers.get(subscriber.userId);
    set?.delete(subscriber);
    if (set && !set.size) this.subscribers.delete(subscriber.userId);
  }

  get streams(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  private wake(userIds: string[]) {
    for (const userId of userIds) for (const subscriber of this.subscribers.get(userId) ?? []) this.read(subscriber);
  }

  private wakeAll() {
    for (const set of this.subscribers.values()) for (const subscriber of set) this.read(subscriber);
  }

  /** Sends a tab the events after its last one; one read at a time per tab, again if woken meanwhile. */
  read(subscriber: Subscriber): Promise<void> {
    if (subscriber.reading) {
      subscriber.again = true;
      return subscriber.reading;
    }
    subscriber.reading = (async () => {
      try {
        do {
          subscriber.again = false;
          const db = await getDb();
          const rows = await db
            .select({ seq: liveEvents.seq, type: liveEvents.type, payload: liveEvents.payload })
            .from(liveEvents)
            .where(and(eq(liveEvents.userId, subscriber.userId), gt(liveEvents.seq, subscriber.last)))
            .orderBy(asc(liveEvents.seq))
            .limit(200);
          for (const row of rows) {
            subscriber.last = row.seq;
            subscriber.send(row.seq, { type: row.type, payload: row.payload } as LiveEvent);
          }
          if (rows.length === 200) subscriber.again = true;
        } while (subscriber.again);
      } catch (error) {
        console.error('[live] reading events failed', error);
      } finally {
        subscriber.reading = undefined;
      }
    })();
    return subscriber.reading;
  }

  /** At most once an hour: events older than the retention go. */
  private async prune() {
    if (Date.now() - this.pruned < 3600_000) return;
    this.pruned = Date.now();
    const db = await getDb();
    await db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(Date.now() - retentionHours * 3600_000)));
  }
}

const secretKey = Symbol.for('colibri.internal-secret');
/** A secret of this process: its calls to itself carry it (app/api/internal/listings-changed). */
export function internalSecret(): string {
  const holder = globalThis as unknown as Record<symbol, string | undefined>;
  return (holder[secretKey] ??= randomUUID());
}

/**
 * Another instance changed a listing: Next's cache of this one must forget it too. revalidateTag
 * works only inside a request, so the instance asks itself (the page cache purges on the event).
 */
async function expireHere(change: ServerEvents['listings-changed']) {
  try {
    await fetch(`http://127.0.0.1:${env.PORT}/api/internal/listings-changed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-colibri-internal': internalSecret() },
      body: JSON.stringify({ kind: change.kind, id: change.id }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.error('[live] could not expire the cached listing pages', error);
  }
}

const hubKey = Symbol.for('colibri.live-hub');
/** One hub per process: route bundles and instrumentation.ts reach the same one. */
export function liveHub(): LiveHub {
  const holder = globalThis as unknown as Record<symbol, LiveHub | undefined>;
  return (holder[hubKey] ??= new LiveHub());
}

// ---------------------------------------------------------------- one tab's stream

const encoder = new TextEncoder();

/** Where a tab's stream starts: after its Last-Event-ID, else from now on. `reset` when that is gone. */
async function startingPoint(userId: string, lastEventId: string | null): Promise<{ last: number; reset: boolean }> {
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

/** GET /events: a member's Server-Sent Events, from their Last-Event-ID, until the tab leaves. */
export async function liveStream(userId: string, request: Request): Promise<Response> {
  const hub = liveHub();
  hub.assertRoom(userId);
  await hub.start();
  const lastEventId = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  const { last, reset } = await startingPoint(userId, lastEventId);
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const subscriber: Subscriber = {
        userId,
        last,
        send: (seq, event) => write(`id: ${seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`),
      };
      hub.add(subscriber);
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), keepAliveSeconds * 1000);
      close = () => {
        clearInterval(keepAlive);
        hub.remove(subscriber);
        try {
          controller.close();
        } catch {}
      };
      request.signal.addEventListener('abort', close);
      write(`retry: 3000\n${reset ? `id: ${last}\nevent: reset\ndata: {}\n` : ''}\n`);
      void hub.read(subscriber);
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    },
  });
}
