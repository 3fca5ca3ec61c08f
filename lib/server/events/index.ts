import 'server-only';
import type { ListingKind } from '@/lib/domain';
import { eventBus } from './bus.mjs';
import { processShared } from '../process-shared.mjs';
import { logger } from '../log.mjs';

// What happened, told to whoever listens: the services publish, the server's edge subscribes (the
// page cache of scripts/server.mjs purges its copies on `listings-changed`). Subscribers run in the
// publisher's call, in this process; relays carry an event further (./hub.ts tells the other
// instances), and come back on them marked `remote`.

export type ServerEvents = {
  /**
   * A listing was created, changed, had photos added or was deleted: public pages that show it are stale.
   * `missed`: this instance may have missed other instances' writes (its LISTEN connection was lost): every listing page is.
   */
  'listings-changed': ({ kind: ListingKind; id: string } | { missed: true }) & { remote?: boolean };
};

type Relay = <E extends keyof ServerEvents>(event: E, payload: ServerEvents[E]) => Promise<void>;
const relays = () => processShared('event-relays', () => new Set<Relay>());

/** Tells this process's subscribers, then the relays (a relay that fails is logged: the write stands). */
export async function publish<E extends keyof ServerEvents>(event: E, payload: ServerEvents[E]): Promise<void> {
  eventBus().emit(event, payload);
  await Promise.all(
    [...relays()].map((relay) =>
      relay(event, payload).catch((error) => logger().error({ err: error, event }, 'events: relaying failed')),
    ),
  );
}

/** Calls `handler` on every `event` of this process; returns the function that stops it. */
export function subscribe<E extends keyof ServerEvents>(event: E, handler: (payload: ServerEvents[E]) => void) {
  eventBus().on(event, handler);
  return () => void eventBus().off(event, handler);
}

/** Carries every event published here further; returns the function that stops it. */
export function relay(handler: Relay) {
  relays().add(handler);
  return () => void relays().delete(handler);
}
