#!/usr/bin/env node
// The production HTTP server (`npm start` runs it through scripts/start.mjs, after the build):
// Next's own request handler, the one `next start` uses, behind the page cache of
// scripts/page-cache.mjs, which replays the bytes of a public page Next served from its cache (or of
// a filtered list it rendered), with its stylesheet written in (scripts/inline-stylesheet.mjs) and
// its scripts started after its first paint (scripts/defer-bootstrap.mjs). It also answers the
// operator's endpoints (/healthz, /readyz, /metrics), writes one JSON log line per request, and
// drains on SIGTERM (CONTRACT.md "Operations", docs/operations.md).
import http from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { fromTrustedProxy, parseTrustedProxies, stampClientAddress } from '../lib/server/http/client-address.mjs';
import { processShared, setProcessShared } from '../lib/server/process-shared.mjs';
import { drain, isDraining } from '../lib/server/lifecycle.mjs';
import { closeRequest, logger, openRequest } from '../lib/server/log.mjs';
import { metrics } from '../lib/server/metrics.mjs';
import { databaseHealth } from '../lib/server/db/availability.mjs';
import { eventBus } from '../lib/server/events/bus.mjs';
import { imageOriginsOf, securityHeaders } from '../lib/server/http/security-headers.mjs';
import { mapOrigins as mapOriginsOf } from '../lib/map-style.mjs';
import { canonicalListUrl } from '../lib/list-query.mjs';
import { withoutTrackingParams } from '../lib/tracking-params.mjs';
import { parseCdnMaxAge } from '../lib/shared-cache.mjs';
import { createPageCache } from './page-cache.mjs';
import { deferBootstrap } from './defer-bootstrap.mjs';
import { inlineStylesheets } from './inline-stylesheet.mjs';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
// Which hops' X-Forwarded-For to believe (lib/server/http/client-address.mjs); lib/env.ts validates it too.
const proxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const proof = randomBytes(16).toString('hex');
// HSTS and Secure cookies follow SITE_URL (lib/server/auth/auth.ts reads it the same way, through lib/env.ts).
const https = (process.env.SITE_URL ?? '').trim().startsWith('https://');
// The map page may fetch its style and tiles from their host (lib/env.ts validates both variables too).
const mapOrigins = mapOriginsOf({
  styleUrl: process.env.MAP_STYLE_URL,
  mapboxToken: process.env.NEXT_PUBLIC_MAPBOX_TOKEN,
});
// Pages may show photos from S3_PUBLIC_URL (lib/server/storage; lib/env.ts validates it too).
const imageOrigins = imageOriginsOf(process.env.S3_PUBLIC_URL);
const localHost = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;
let warnedHttp = false;
const log = logger(process.env.LOG_LEVEL?.trim());
// GET /metrics answers only with this token (lib/env.ts validates it too).
const metricsToken = process.env.METRICS_TOKEN?.trim() || undefined;
// SIGTERM: requests in flight get this long to finish; then their connections are cut.
const drainMs = 25_000;

// Pages and data that Next cached at request time came from the database of an earlier run, which
// may not be this one (a test run's fresh DATA_DIR, another DATABASE_URL): each start begins without
// them, so one build serves any database. What the build rendered (pages without data) stays.
// Another instance on the same build may be writing there meanwhile (a file appears while the
// directory is emptied): retried, and a start goes on without a clean cache rather than exit.
for (const dir of [
  path.join(root, '.next', 'server', 'route-cache'),
  path.join(root, '.next', 'cache', 'fetch-cache'),
]) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  } catch (error) {
    log.warn({ dir: path.relative(root, dir), code: error.code }, 'could not empty a cache directory');
  }
}

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

// The build's stylesheets, read once: their names change with their content.
const staticDir = path.join(root, '.next', 'static');
const stylesheets = new Map();
function readStylesheet(href) {
  const file = path.join(staticDir, href.slice('/_next/static/'.length));
  if (!file.startsWith(staticDir + path.sep)) return undefined;
  if (!stylesheets.has(file)) {
    try {
      stylesheets.set(file, readFileSync(file, 'utf8'));
    } catch {
      stylesheets.set(file, undefined);
    }
  }
  return stylesheets.get(file);
}

const {
  registry,
  requestSeconds,
  pageCache: pageCacheLookups,
} = metrics({
  liveStreams: () => processShared('live-hub', () => undefined)?.streams ?? 0,
  database: async () => {
    const conn = await processShared('db', () => undefined)?.catch(() => undefined);
    const max = conn?.driver === 'postgres' ? conn.raw.options.max : conn ? 1 : 0;
    const { up, failures } = databaseHealth();
    return { max, up: up ? 1 : 0, failures };
  },
  // What the load balancer would hear now: the instance asks its own /readyz (one query).
  ready: async () =>
    !isDraining() &&
    (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(3000) })).status === 200,
});

const pageCache = createPageCache({
  onLookup: (hit) => pageCacheLookups.inc({ result: hit ? 'hit' : 'miss' }),
  // Public pages tell a CDN this lifetime and their tags (lib/env.ts validates CDN_MAX_AGE too).
  cdnMaxAge: parseCdnMaxAge(process.env.CDN_MAX_AGE),
  rewriteHtml: (html, policy) => inlineStylesheets(deferBootstrap(html, policy), readStylesheet),
  // Filtered lists, kept like the bare ones: Next renders them per request (proxy.ts).
  canonicalUrl: canonicalListUrl,
  // Shared links (utm_*, fbclid...): the plain page, kept and rendered without them.
  untagged: withoutTrackingParams,
});
// The services publish `listings-changed` after a write (lib/server/events/index.ts); the app's code runs in this process.
eventBus().on('listings-changed', () => pageCache.purge());

// The X-Request-Id our own proxy gave, when it is one of ours and the value is sane; else a new one.
const requestIdPattern = /^[\w.:@/+=-]{1,128}$/;
function requestIdOf(req) {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && requestIdPattern.test(given) && fromTrustedProxy(req.socket.remoteAddress, proxies))
    return given;
  return randomUUID();
}

const locales = new Set(['fr', 'en', 'tn', 'ar']);
/**
 * A label of few values for a request the API's route() did not name: the operator's endpoints,
 * build assets, files by folder, pages by language and section.
 */
function routeLabel(pathname, status) {
  if (['/healthz', '/readyz', '/metrics', '/'].includes(pathname)) return pathname;
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first === '_next')
    return `/_next/${second === 'static' || second === 'image' || second === 'data' ? second : '*'}`;
  if (first === 'api') return second === 'auth' ? '/api/auth/*' : '/api/*';
  if (status === 404) return '(not found)';
  if (!locales.has(first)) return /\.[a-z0-9]+$/i.test(first) && !second ? `/${first}` : `/${first}/*`;
  return second ? `/${first}/${second}${pathname.split('/').filter(Boolean).length > 2 ? '/*' : ''}` : `/${first}`;
}

const pageEventsPath = '/api/user/v1/page-events';
// The most a page event's body may be read to before the handler refuses it (its limit is 64 kB).
const doorBodyMax = 64 * 1024 + 1;

/**
 * Answers a request with a route handler of the app (a Request in, a Response out), as Next would,
 * without Next: the body is read here (past `doorBodyMax` the rest is left, the handler refuses it).
 */
async function answerThroughDoor(handler, req, res) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= doorBodyMax) break;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    for (const each of Array.isArray(value) ? value : [value]) if (each !== undefined) headers.append(name, each);
  let url;
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    url = new URL(req.url ?? '/', 'http://localhost');
  }
  const request = new Request(url, {
    method: req.method,
    headers,
    body: Buffer.concat(chunks, size),
  });
  const response = await handler(request, { params: Promise.resolve(undefined) });
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

let inFlight = 0;

/** Writes the request's JSON log line and its duration, once its answer is done (or cut). */
function watch(req, res, id, pathname) {
  const started = process.hrtime.bigint();
  inFlight += 1;
  res.once('close', () => {
    inFlight -= 1;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const known = closeRequest(id);
    const route = known.route ?? routeLabel(pathname, res.statusCode);
    requestSeconds.observe({ method: req.method ?? 'GET', route, status: String(res.statusCode) }, seconds);
    const line = {
      reqId: id,
      method: req.method,
      route,
      status: res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
      ...(known.memberId ? { memberId: known.memberId } : {}),
      ...(res.getHeader('x-page-cache') ? { pageCache: 'HIT' } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (res.statusCode >= 500) log.warn(line, 'request');
    else log.info(line, 'request');
  });
}

function answerJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** GET /metrics: 404 without METRICS_TOKEN, 401 without the right bearer token. */
async function answerMetrics(req, res) {
  if (!metricsToken) return answerJson(res, 404, { status: 'not-found' });
  const given = Buffer.from(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(metricsToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return answerJson(res, 401, { status: 'unauthorized' }, { 'www-authenticate': 'Bearer' });
  const text = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const id = requestIdOf(req);
  // Next's route() reads it (lib/server/http/route.ts) and notes the route and member under it.
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  openRequest(id);
  watch(req, res, id, pathname);
  // Draining: each connection closes after its answer, so that the client's next request goes elsewhere.
  if (isDraining()) res.setHeader('connection', 'close');
  // The operator's endpoints: no rate limit, no page cache, no database but /readyz's own query.
  if (pathname === '/healthz') return answerJson(res, 200, { status: 'ok' });
  if (pathname === '/metrics')
    return void answerMetrics(req, res).catch((error) => {
      log.error({ err: error }, 'metrics failed');
      if (!res.headersSent) answerJson(res, 500, { status: 'error' });
      else res.end();
    });
  if (pathname === '/readyz') {
    if (isDraining()) return answerJson(res, 503, { status: 'unavailable', reason: 'draining' });
    // The check reads the database through the app's connection (app/api/internal/ready/route.ts).
    req.url = '/api/internal/ready';
    req.headers['x-colibri-internal'] = processShared('internal-secret', () => randomUUID());
  }
  stampClientAddress(req, proxies, proof);
  for (const [name, value] of Object.entries(
    securityHeaders({ https, path: req.url ?? '/', mapOrigins, imageOrigins }),
  ))
    res.setHeader(name, value);
  if (!https && !warnedHttp && req.headers.host && !localHost.test(req.headers.host)) {
    warnedHttp = true;
    log.warn(
      { host: req.headers.host, siteUrl: process.env.SITE_URL || '(unset)' },
      'set an https SITE_URL on a public host, so that cookies are Secure and HSTS is sent',
    );
  }
  // The typefaces' and icons' file names carry their version (lib/fonts.ts, app/globals.css): a
  // browser keeps them for a year.
  if (req.url?.startsWith('/fonts/') || req.url?.startsWith('/icons/'))
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  // The counting script (lib/beacon.mjs) keeps its name: an hour, so that a visitor's next pages do not ask again.
  else if (req.url === '/beacon.js') res.setHeader('cache-control', 'public, max-age=3600');
  // Page events (POST /api/user/v1/page-events): the route's own handler, without Next's request
  // machinery, which costs more than the handler itself at the rates beacons come in.
  if (pathname === pageEventsPath && req.method === 'POST') {
    const door = processShared('page-event-door', () => undefined);
    if (door)
      return void answerThroughDoor(door, req, res).catch((error) => {
        log.error({ err: error, reqId: id }, 'request failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end();
      });
  }
  if (pageCache.intercept(req, res)) return;
  handle(req, res).catch((error) => {
    log.error({ err: error, reqId: id }, 'request failed');
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end();
  });
});

// An idle kept-alive connection is closed after 65 s rather than Node's 5 s, longer than the usual
// proxies' idle timeout (60 s), so that they close first: a POST sent on a connection as the server
// closes it gets ECONNRESET, and is not retried.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, () => log.info({ port }, `Colibri on http://localhost:${port}`));

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM (and SIGINT): readiness turns 503 and the parts' drain hooks start (live streams get their
 * reconnect hint, jobs finish or go back); the listening socket closes; requests in flight get
 * `drainMs`, idle connections are closed as they appear; what is left is cut; the database closes.
 */
async function shutdown(signal) {
  log.info({ signal, inFlight }, 'draining');
  const hooks = drain(drainMs, (message, error) => log.warn({ err: error }, message));
  server.close();
  const deadline = Date.now() + drainMs;
  while (inFlight > 0 && Date.now() < deadline) {
    server.closeIdleConnections();
    await pause(50);
  }
  if (inFlight > 0) log.warn({ inFlight }, 'drain: requests still in flight were cut');
  server.closeAllConnections();
  await hooks;
  const db = processShared('db', () => undefined);
  setProcessShared('db', undefined);
  try {
    if (db) await Promise.race([(await db).close(), pause(3000)]);
  } catch (error) {
    log.warn({ err: error }, 'drain: closing the database failed');
  }
  log.info({ signal }, 'stopped');
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void shutdown(signal));
