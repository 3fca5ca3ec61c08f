// The few values one Node process must hold once, although its code is loaded more than once: the
// custom server (scripts/server.mjs) imports plain modules, while Next bundles the app apart from it,
// and instrumentation.ts and the route bundles each get their own copy of a module. Each value lives
// on globalThis under Symbol.for('colibri.<name>'), made by its first user. Plain JavaScript so that
// scripts/server.mjs can import it as it is.
//
// name                  holds                                       made by, read by
// event-bus             the process's EventEmitter                  lib/server/events/bus.mjs; services publish, the page cache listens
// event-relays          what carries events to other instances      lib/server/events/index.ts; lib/server/events/hub.ts adds one
// client-address-proof  the secret the server stamps requests with  scripts/server.mjs sets it; lib/server/http/client-address.mjs checks it
// internal-secret       the secret of the process's calls to itself lib/server/events/hub.ts; app/api/internal/listings-changed checks it
// live-hub              the LISTEN connection and open live streams lib/server/events/hub.ts; instrumentation.ts starts it
// db                    the database connection                     lib/server/db/client.ts
// db-closers            what stops before that connection closes    lib/server/db/client.ts; the job runner registers
// auth                  better-auth's instance                      lib/server/auth/auth.ts
// lifecycle             draining flag and drain hooks               lib/server/lifecycle.mjs; scripts/server.mjs drains
// logger                the pino logger                             lib/server/log.mjs; the server and the app log through it
// request-facts         route template and member per request id    lib/server/http/route.ts notes them; scripts/server.mjs logs them
// metrics               the Prometheus registry                     lib/server/metrics.mjs; scripts/server.mjs serves /metrics
// job-stats             how /metrics reads the job queue            lib/server/jobs/ sets it (setJobStats); lib/server/metrics.mjs reads it
// backup-stats          how /metrics finds the newest backup        instrumentation.ts sets it (setBackupStats); lib/server/metrics.mjs reads it
// database-health       whether the database last answered          lib/server/db/availability.mjs; /readyz and the API's 503 set it
// jobs                  the started job queue and its workers       lib/server/jobs/runner.ts
// job-sender            pg-boss that only builds the enqueue INSERT lib/server/jobs/queue.ts
// listings-relay        a worker's relay of its listing writes to the instances   lib/server/events/hub.ts
// visitor-salts         the salts of the days seen, by day          lib/server/traffic/visitors.ts
// page-event-writer     page events waiting to be written           lib/server/traffic/writer.ts; the drain flushes it
// page-event-door       the POST /page-events handler               instrumentation.ts sets it; scripts/server.mjs answers with it
// instance-limits       counters of limits kept by this instance    lib/server/limits.ts (hitHere)

/** @typedef {'event-bus' | 'event-relays' | 'client-address-proof' | 'internal-secret' | 'live-hub' | 'db' | 'auth' | 'lifecycle' | 'logger' | 'request-facts' | 'metrics' | 'job-stats' | 'backup-stats' | 'database-health' | 'jobs' | 'job-sender' | 'db-closers' | 'listings-relay' | 'visitor-salts' | 'page-event-writer' | 'page-event-door' | 'instance-limits'} SharedName */

const keyOf = (/** @type {SharedName} */ name) => Symbol.for(`colibri.${name}`);
const holder = /** @type {Record<symbol, unknown>} */ (globalThis);

/**
 * The process's value of `name`, made by `create` on first use (a `create` that gives `undefined`
 * leaves it unset).
 * @template T
 * @param {SharedName} name
 * @param {() => T} create
 * @returns {T}
 */
export function processShared(name, create) {
  const key = keyOf(name);
  if (holder[key] === undefined) holder[key] = create();
  return /** @type {T} */ (holder[key]);
}

/**
 * Sets the process's value of `name`, or with `undefined` forgets it (the next use makes it again).
 * @param {SharedName} name
 * @param {unknown} value
 */
export function setProcessShared(name, value) {
  holder[keyOf(name)] = value;
}
