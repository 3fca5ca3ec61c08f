import 'server-only';
import type { ListingKind } from '@/lib/domain';
import { eventBus } from './event-bus.mjs';

// What happened, told to whoever listens: the services publish, the server's edge subscribes (the
// page cache of scripts/server.mjs purges its copies on `listings-changed`). Subscribers run in the
// publisher's call, in this process.

export type ServerEvents = {
  /** A listing was created, changed, had photos added or was deleted: public pages that show it are stale. */
  'listings-changed': { kind: ListingKind; id: string };
};

export function publish<E extends keyof ServerEvents>(event: E, payload: ServerEvents[E]): void {
  eventBus().emit(event, payload);
}

/** Calls `handler` on every `event` of this process; returns the function that stops it. */
export function subscribe<E extends keyof ServerEvents>(event: E, handler: (payload: ServerEvents[E]) => void) {
  eventBus().on(event, handler);
  return () => void eventBus().off(event, handler);
}
