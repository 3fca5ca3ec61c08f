import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, gt, inArray, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { env } from '@/lib/env';
import type { LiveEvent } from '@/lib/schemas/deals';
import { connection, getDb } from '@/lib/server/db/client';
import { sessions } from '@/lib/server/db/schema';
import { processShared } from '../process-shared.mjs';
import { onDrain } from '../lifecycle.mjs';
import { logger } from '../log.mjs';
import { eventBus } from './bus.mjs';
import { relay, type ServerEvents } from './index';
import { eventsAfter, liveChannel } from './live';

// Each instance's one LISTEN connection (PGlite's in the embedded default): new member events wake
// the streams this instance holds (./live.ts), and the other instances' listing writes purge this
// one's caches.

const listingsChannel = 'colibri_listings';
/** A comment this often keeps proxies from closing an idle stream (they often cut at 60 s). */
export const keepAliveSeconds = 20;
/** Open streams of one member on one instance (tabs); more are refused. */
const streamsPerMember = 12;
/**
 * How often the sessions of this instance's streams are looked up (one query for all): a stream
 * whose session is gone (signed out, password changed, account deleted or suspended, on any
 * instance) ends within this time.
 */
export const sessionCheckSeconds = 2;

export type Subscriber = {
  userId: string;
  /** The last event this tab got. */
  last: number;
  /** The session the stream was opened with. */
  sessionId: string;
  send: (seq: number, event: LiveEvent) => void;
  /** Tells the tab to reconnect (to another instance: this one drains), then ends its stream. */
  end: () => void;
  /** Ends the stream for good: its session is gone (the tab's reconnection meets a 401). */
  revoke: () => void;
  reading?: Promise<void>;
  again?: boolean;
};

class LiveHub {
  readonly instance = randomUUID();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private listening?: Promise<void>;
  private lastMissed = 0;
  private sessionTimer?: ReturnType<typeof setInterval>;
  private checking = false;

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
      const client = conn.raw;
      // onlisten runs again after a lost connection comes back: what was notified meanwhile is lost,
      // so every stream reads what it missed, and every cached listing page is dropped.
      await client.listen(liveChannel, onLive, () => this.wakeAll());
      let listened = false;
      await client.listen(listingsChannel, onListings, () => {
        if (listened) this.missedListings();
        listened = true;
      });
    } else {
      const client = conn.raw;
      await client.listen(liveChannel, onLive);
      await client.listen(listingsChannel, onListings);
    }
    // This instance's listing writes, told to the others.
    relay(listingsRelay(this.instance));
  }

  /** Other instances' listing writes may have gone unheard: the page cache and Next's listing pages are dropped. */
  private missedListings() {
    // After an outage postgres.js may call onlisten several times for one reconnection: one purge does.
    if (Date.now() - this.lastMissed < 5000) return;
    this.lastMissed = Date.now();
    console.warn('[live] LISTEN connection back: dropping every cached listing page');
    eventBus().emit('listings-changed', { missed: true, remote: true });
    void expireHere({ missed: true });
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
    if (!this.sessionTimer) {
      this.sessionTimer = setInterval(() => void this.checkSessions(), sessionCheckSeconds * 1000);
      this.sessionTimer.unref?.();
    }
  }

  remove(subscriber: Subscriber) {
    const set = this.subscribers.get(subscriber.userId);
    set?.delete(subscriber);
    if (set && !set.size) this.subscribers.delete(subscriber.userId);
    if (!this.subscribers.size && this.sessionTimer) {
      clearInterval(this.sessionTimer);
      this.sessionTimer = undefined;
    }
  }

  /** Ends the streams whose session row is gone or expired, whatever removed it. */
  async checkSessions(): Promise<void> {
    if (this.checking || !this.subscribers.size) return;
    this.checking = true;
    try {
      const all = [...this.subscribers.values()].flatMap((set) => [...set]);
      const ids = [...new Set(all.map((s) => s.sessionId))];
      const db = await getDb();
      const alive = new Set(
        (
          await db
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())))
        ).map((row) => row.id),
      );
      for (const subscriber of all) if (!alive.has(subscriber.sessionId)) subscriber.revoke();
    } catch (error) {
      logger().warn({ err: error }, 'live: could not check the streams’ sessions');
    } finally {
      this.checking = false;
    }
  }

  /** SIGTERM: every stream gets its reconnect hint and ends (lib/server/lifecycle.mjs). */
  endAll() {
    for (const set of [...this.subscribers.values()]) for (const subscriber of [...set]) subscriber.end();
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
          const rows = await eventsAfter(subscriber.userId, subscriber.last, 200);
          for (const { seq, event } of rows) {
            subscriber.last = seq;
            subscriber.send(seq, event);
          }
          if (rows.length === 200) subscriber.again = true;
        } while (subscriber.again);
      } catch (error) {
        logger().error({ err: error }, 'live: reading events failed');
      } finally {
        subscriber.reading = undefined;
      }
    })();
    return subscriber.reading;
  }
}

/** A relay that tells every instance (through NOTIFY) of this process's listing writes, marked `from`. */
function listingsRelay(from: string) {
  return async (event: keyof ServerEvents, change: ServerEvents['listings-changed']) => {
    if (event !== 'listings-changed' || change.remote) return;
    const db = await getDb();
    await db.execute(sql`select pg_notify(${listingsChannel}, ${JSON.stringify({ ...change, from })})`);
  };
}

/**
 * A process that serves no pages (`npm run worker`) still writes listings (the lifecycle sweep): it
 * tells the instances, which purge their caches, without listening itself. Once per process.
 */
export function relayListingWrites(): void {
  processShared('listings-relay', () => relay(listingsRelay(randomUUID())));
}

/** A secret of this process: its calls to itself carry it (app/api/internal/listings-changed). */
export function internalSecret(): string {
  return processShared('internal-secret', () => randomUUID());
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
      body: JSON.stringify('missed' in change ? { missed: true } : { kind: change.kind, id: change.id }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    logger().error({ err: error }, 'live: could not expire the cached listing pages');
  }
}

/** One hub per process: route bundles and instrumentation.ts reach the same one. */
export function liveHub(): LiveHub {
  return processShared('live-hub', () => {
    const hub = new LiveHub();
    onDrain('live-streams', () => hub.endAll());
    return hub;
  });
}
