// The process's one event bus: the server's edge (scripts/server.mjs) and the app's services
// (lib/server/events/index.ts) share it (lib/server/process-shared.mjs). Plain JavaScript so that
// the server script can import it as it is.
import { EventEmitter } from 'node:events';
import { processShared } from '../process-shared.mjs';

/** @returns {EventEmitter} */
export function eventBus() {
  return processShared('event-bus', () => new EventEmitter().setMaxListeners(0));
}
