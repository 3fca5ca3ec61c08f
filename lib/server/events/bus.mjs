// The process's one event bus: the server's edge (scripts/server.mjs) and the app's services
// (lib/server/events/index.ts) reach it through globalThis, because Next bundles the app's modules apart
// from the server script. Plain JavaScript so that the server script can import it as it is.
import { EventEmitter } from 'node:events';

const key = Symbol.for('colibri.event-bus');

/** @returns {EventEmitter} */
export function eventBus() {
  globalThis[key] ??= new EventEmitter().setMaxListeners(0);
  return globalThis[key];
}
