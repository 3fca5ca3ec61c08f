// The process's logger: pino JSON lines on stdout, one per request (scripts/server.mjs) and one per
// notable event. Secrets are removed by configuration (the key lists below), whatever the caller
// logs. Plain JavaScript so that scripts/server.mjs imports it as it is; one logger per process
// (lib/server/process-shared.mjs).
import pino from 'pino';
import { processShared } from './process-shared.mjs';

/** Keys whose values never reach a log line, at any of the depths `redactPaths` names. */
export const secretKeys = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'set-auth-token',
  'x-colibri-internal',
  'x-client-ip-proof',
];

const property = (key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);
/** Each secret key at the top, one and two levels down (pino's wildcards match one level each). */
export const redactPaths = secretKeys.flatMap((key) => [
  property(key).replace(/^\./, ''),
  `*${property(key)}`,
  `*.*${property(key)}`,
]);

// Drizzle writes a failed query's values into its error's message (`params: …`, up to the stack).
const queryValues = /\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g;

/** An error without the values of its query (drizzle's `params` hold what was written: hashes, tokens). */
function errorSerializer(error) {
  const serialized = pino.stdSerializers.err(error);
  for (let at = serialized; at && typeof at === 'object'; at = at.cause) {
    delete at.params;
    delete at.parameters;
    if (typeof at.message === 'string') at.message = at.message.replace(queryValues, '');
    if (typeof at.stack === 'string') at.stack = at.stack.replace(queryValues, '');
  }
  return serialized;
}

const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The process's logger. Its first caller sets the level (LOG_LEVEL: scripts/server.mjs reads it, and
 * instrumentation.ts through lib/env.ts when there is no such server); later ones share it.
 * @param {string} [level]
 * @returns {import('pino').Logger}
 */
export function logger(level) {
  return processShared('logger', () => {
    return pino({
      level: level && levels.includes(level) ? level : 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { err: errorSerializer, error: errorSerializer },
    });
  });
}

/**
 * What the app learns of a request that the server's log line needs (the endpoint's path template,
 * the member), kept under its X-Request-Id until the server writes that line.
 * @typedef {{ route?: string, memberId?: string }} RequestFacts
 */

/** @returns {Map<string, RequestFacts>} */
function facts() {
  return processShared('request-facts', () => new Map());
}

/**
 * The app's side (lib/server/http/route.ts): adds to what is known of request `id`.
 * @param {string | null | undefined} id
 * @param {RequestFacts} known
 */
export function noteRequest(id, known) {
  if (!id) return;
  const map = facts();
  // Only requests the server announced are noted, so an id sent from outside leaves nothing behind.
  const current = map.get(id);
  if (current) Object.assign(current, known);
}

/** The server's side: opens the record of request `id`. */
export function openRequest(id) {
  facts().set(id, {});
}

/**
 * The server's side: what the app noted of request `id`, forgotten at once.
 * @param {string} id
 * @returns {RequestFacts}
 */
export function closeRequest(id) {
  const map = facts();
  const known = map.get(id) ?? {};
  map.delete(id);
  return known;
}
