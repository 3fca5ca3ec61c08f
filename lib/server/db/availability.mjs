// Whether a failure means "the database is not answering" (the API then says 503
// SERVICE_UNAVAILABLE with Retry-After, CONTRACT.md "Operations"), and what this process last saw of
// it (GET /metrics). Plain JavaScript so that scripts/server.mjs reads the same state.
import { processShared } from '../process-shared.mjs';

/** Seconds a client should wait before trying again while the database is unreachable. */
export const databaseRetrySeconds = 5;

// postgres.js and Node's socket errors when no connection can be had or one was lost.
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
// SQLSTATE: the server going down (admin, crash, shutdown), starting up, or full.
const serverStates = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * True when `error`, or one of its causes (drizzle wraps the driver's error), says the database
 * cannot be reached: a connection refused, lost or timed out, SQLSTATE class 08, or the server
 * shutting down or starting.
 * @param {unknown} error
 */
export function isDatabaseUnavailable(error) {
  const seen = new Set();
  const pending = [error];
  while (pending.length) {
    const at = pending.pop();
    if (!at || typeof at !== 'object' || seen.has(at)) continue;
    seen.add(at);
    const code = /** @type {{ code?: unknown }} */ (at).code;
    if (
      typeof code === 'string' &&
      (connectionCodes.has(code) || serverStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    pending.push(/** @type {{ cause?: unknown }} */ (at).cause);
    const errors = /** @type {{ errors?: unknown }} */ (at).errors;
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** @returns {{ up: boolean, failures: number }} */
function health() {
  return processShared('database-health', () => ({ up: true, failures: 0 }));
}

/**
 * Records what a database call showed: reachable or not (each "not" is counted).
 * @param {boolean} up
 */
export function markDatabase(up) {
  const state = health();
  state.up = up;
  if (!up) state.failures += 1;
}

/** What this process saw of the database: reachable at the last look, and how many calls found it not. */
export function databaseHealth() {
  const { up, failures } = health();
  return { up, failures };
}
