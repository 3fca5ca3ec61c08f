#!/usr/bin/env node
// `npm run bench`: performance of the listings on generated listings, in one run.
//   (a) PGlite: a fresh DATA_DIR, scripts/bench/generate.ts (100,000 listings), then
//       scripts/bench/query.ts (the list query, and the nearby query of the map of autour-de-moi)
//   (b) PostgreSQL 15: a throwaway server (scripts/postgres.mjs), or the database of
//       BENCH_DATABASE_URL (generated once, then reused), the same two steps on
//       2 x BENCH_LISTINGS_PER_KIND listings (100,000; 1,000,000 with 500000)
//   (c) HTTP throughput with autocannon against the production server (scripts/start.mjs, built
//       if needed) on the PGlite data of (a): the warm cached list /fr/colis and a small static
//       file of public/ (/icon.svg); for comparison the same page through Next alone (a query
//       string the page cache of scripts/page-cache.mjs does not keep), the page's own HTML as a
//       file of public/, and the page for a browser (gzip) both ways; alternated twice, the best
//       of each kept. Then at 10 connections, alternated three times, the medians kept: the cached
//       list, a filtered list (kept by the page cache under its canonical URL), and a filtered
//       list rendered for each request
//   (e) live messaging: 1,000 event streams and a message every 100 ms, on PGlite and PostgreSQL
//       (scripts/bench/messaging.mjs)
//   (d) docs/benchmarks.md and the same summary on stdout
// Every wait is bounded and all traffic goes to 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get as httpGet } from 'node:http';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from './postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const HOST = '127.0.0.1';
const STEP_TIMEOUT_MS = 6 * 60_000; // one generate or query step, per 100,000 listings
// PostgreSQL's data set (both kinds); PGlite's, on which the HTTP server runs, stays at 100,000.
const PG_PER_KIND = Number(process.env.BENCH_LISTINGS_PER_KIND ?? 50_000);
const PGLITE_PER_KIND = 50_000;
const SERVER_READY_MS = 8 * 60_000; // build (when needed) and start
const AUTOCANNON = { connections: 50, duration: 15, pipelining: 1 };
const ROUNDS = 2;
const COPY_PATH = '/bench-page-copy.html';
const copyFile = path.join(root, 'public', COPY_PATH.slice(1));
const TARGETS = { postgresP95: 25, pgliteP95: 100, pageShare: 35, nearbyP95: 10, everySetP95: 15 };

const work = mkdtempSync(path.join(os.tmpdir(), 'colibri-bench-'));
const pgliteDir = path.join(work, 'pglite-data');
mkdirSync(pgliteDir);
const failures = [];
const loadAtStart = os.loadavg();
let server;
let postgres;

// Interrupted: stop what this script started (its server's process group, its PostgreSQL).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopPostgres();
    stopServer().finally(() => process.exit(130));
  });
}

function log(message) {
  console.log(`[bench] ${message}`);
}

function tsx(script, args, env, perKind = PGLITE_PER_KIND) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SEED: 'none', ...env, BENCH_LISTINGS_PER_KIND: String(perKind) },
    timeout: STEP_TIMEOUT_MS * Math.max(1, perKind / 50_000),
    killSignal: 'SIGKILL',
  });
  if (result.error) throw new Error(`${script}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${script} exited with ${result.status ?? result.signal}`);
  return (Date.now() - started) / 1000;
}

/**
 * generate then query on one database; returns the query summary with the generation time.
 * `reused`: the database already holds the data set (only migrated, in case indexes were added).
 */
function measureDatabase(name, env, perKind = PGLITE_PER_KIND, reused = false) {
  const listings = (2 * perKind).toLocaleString('en');
  let generateSeconds;
  if (reused) {
    log(`${name}: reusing its ${listings} listings (migrations only)`);
    tsx('scripts/db.ts', ['migrate'], env, perKind);
  } else {
    log(`${name}: generating ${listings} listings`);
    generateSeconds = tsx('scripts/bench/generate.ts', [], env, perKind);
  }
  const out = path.join(work, `query-${name}.json`);
  log(`${name}: timing listListings`);
  tsx('scripts/bench/query.ts', [out], env, perKind);
  return { ...JSON.parse(readFileSync(out, 'utf8')), generateSeconds, reused };
}

/** How many listings of each kind a PostgreSQL database holds (0 when it has no tables yet). */
function listingCounts(url) {
  const counted = spawnSync(
    'psql',
    [
      url,
      '-Atc',
      "select (select count(*) from packages), (select count(*) from travels) where to_regclass('packages') is not null",
    ],
    { encoding: 'utf8' },
  );
  if (counted.status !== 0) throw new Error(`psql ${url}: ${counted.stderr.trim()}`);
  const [packages = 0, travels = 0] = counted.stdout.trim().split('|').filter(Boolean).map(Number);
  return { packages, travels };
}

// ---------------------------------------------------------------- (a) and (b): the list query

let pglite;
try {
  pglite = measureDatabase('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' });
} catch (error) {
  failures.push(`PGlite: ${error.message}`);
}

let pg;
try {
  // Generating 1,000,000 listings takes a while: BENCH_DATABASE_URL keeps them from one run to the next.
  let url = process.env.BENCH_DATABASE_URL;
  let reused = false;
  if (url) {
    const counts = listingCounts(url);
    reused = counts.packages === PG_PER_KIND && counts.travels === PG_PER_KIND;
    if (!reused && counts.packages + counts.travels > 0)
      throw new Error(
        `BENCH_DATABASE_URL holds ${counts.packages} packages and ${counts.travels} travels, not ${PG_PER_KIND} of each: empty it, or set BENCH_LISTINGS_PER_KIND`,
      );
  } else {
    log('postgresql: starting a throwaway PostgreSQL server');
    postgres = await startPostgres();
    url = postgres.url;
  }
  const version = spawnSync('psql', [url, '-Atc', 'show server_version'], { encoding: 'utf8' });
  const pgDataDir = path.join(work, 'pg-data');
  mkdirSync(pgDataDir);
  pg = measureDatabase('postgres', { DATABASE_URL: url, DATA_DIR: pgDataDir }, PG_PER_KIND, reused);
  pg.serverVersion = version.status === 0 ? version.stdout.trim() : undefined;
} catch (error) {
  failures.push(`PostgreSQL: ${error.message}`);
} finally {
  stopPostgres();
}

function stopPostgres() {
  if (!postgres) return;
  const current = postgres;
  postgres = undefined;
  try {
    current.stop();
  } catch (error) {
    console.error('[bench] could not stop PostgreSQL:', error.message);
  }
}

// ---------------------------------------------------------------- (c): HTTP throughput

function portInUse(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

async function get(pathname, timeoutMs = 15_000, headers = { 'accept-encoding': 'identity' }) {
  const response = await fetch(`http://${HOST}:${PORT}${pathname}`, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
    headers,
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    bytes: body.byteLength,
    cache: response.headers.get('x-nextjs-cache'),
    pageCache: response.headers.get('x-page-cache'),
    text: body.toString('utf8'),
  };
}

/** Bytes of a response's body as sent (fetch would decompress it). */
function rawBytes(pathname, headers) {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: HOST, port: PORT, path: pathname, headers, timeout: 15_000 }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    });
    request.on('timeout', () => request.destroy(new Error(`${pathname}: no answer`)));
    request.on('error', reject);
  });
}

// Next keeps its data cache (unstable_cache: .next/cache/fetch-cache) and rendered pages
// (.next/server/route-cache) in the work tree, shared by every server started from it whatever its
// database: a "warm" /fr/colis could show another database's listings. Before the server starts,
// and after it stops (so that the bench data does not show on other servers), drop what is derived
// from the listings: data-cache entries tagged `listings`, and the cached /fr/colis page.
function dropListingCaches() {
  const dropped = [];
  const fetchCache = path.join(root, '.next', 'cache', 'fetch-cache');
  for (const name of existsSync(fetchCache) ? readdirSync(fetchCache) : []) {
    const file = path.join(fetchCache, name);
    try {
      const entry = JSON.parse(readFileSync(file, 'utf8'));
      if (Array.isArray(entry?.tags) && entry.tags.includes('listings')) {
        rmSync(file, { force: true });
        dropped.push(file);
      }
    } catch {
      // not a JSON entry, or being written: leave it
    }
  }
  const routeCache = path.join(root, '.next', 'server', 'route-cache', 'APP_PAGE');
  for (const build of existsSync(routeCache) ? readdirSync(routeCache) : []) {
    const dir = path.join(routeCache, build, '$', 'fr');
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (!/^colis\.(html|meta|rsc|segments)$/.test(name)) continue;
      rmSync(path.join(dir, name), { recursive: true, force: true });
      dropped.push(path.join(dir, name));
    }
  }
  return dropped.length;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer() {
  if (await portInUse(PORT)) throw new Error(`port ${PORT} is already in use`);
  log(`dropped ${dropListingCaches()} cached listing entries of other databases`);
  const serverLog = path.join(work, 'server.log');
  const fd = openSync(serverLog, 'a');
  log(`production server on ${HOST}:${PORT} (builds first when the sources changed; log: ${serverLog})`);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true, // its own process group: the build and `next start` stop with it
    stdio: ['ignore', fd, fd],
    env: { ...process.env, PORT: String(PORT), SEED: 'none', DATA_DIR: pgliteDir, DATABASE_URL: '' },
  });
  closeSync(fd);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  child.log = serverLog;
  server = child;

  const started = Date.now();
  let exited = false;
  child.exited.then(() => (exited = true));
  while (Date.now() - started < SERVER_READY_MS) {
    if (exited) break;
    try {
      const { status } = await get('/fr/colis', 30_000);
      if (status === 200) return (Date.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  const tail = existsSync(serverLog) ? readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n') : '';
  throw new Error(`${exited ? 'the server exited' : 'no 200 from /fr/colis in time'}\n${tail}`);
}

async function stopServer() {
  if (!server) return;
  const child = server;
  server = undefined;
  for (const signal of ['SIGTERM', 'SIGKILL']) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      return; // the group is gone
    }
    const done = await Promise.race([child.exited.then(() => true), sleep(10_000).then(() => false)]);
    if (done && signal === 'SIGTERM') {
      await sleep(500);
      try {
        process.kill(-child.pid, 'SIGKILL'); // anything of the group still there
      } catch {
        // nothing left
      }
      return;
    }
  }
}

// What each run requests. `next` bypasses the server's page cache (it keeps no URL with a query
// string, and Next serves its cached page for any query the proxy does not rewrite).
const NEXT_PATH = '/fr/colis?via=next';
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
const TARGETS_HTTP = [
  { key: 'static', path: '/icon.svg', label: 'small static file' },
  { key: 'page', path: '/fr/colis', label: 'warm page (production server)' },
  { key: 'next', path: NEXT_PATH, label: 'warm page through Next alone' },
  { key: 'copy', path: COPY_PATH, label: "the page's HTML as a file" },
  { key: 'pageGzip', path: '/fr/colis', headers: GZIP, label: 'warm page, gzip (production server)' },
  { key: 'nextGzip', path: NEXT_PATH, headers: GZIP, label: 'warm page, gzip, through Next alone' },
];

// The filtered lists at 10 connections, beside the cached list: a filtered list the page cache keeps
// under its canonical URL, and one rendered for each request (its requests carry a cookie, so the
// page cache never keeps it, and none without one is sent).
const LIST_ROUNDS = 3;
const LIST_CANNON = { connections: 10, duration: 10, pipelining: 1 };
const FILTERED_PATH = '/fr/colis?from=Tunis';
const RENDERED = { path: '/fr/colis?from=Sfax', headers: { cookie: 'bench=1' } };
const TARGETS_LISTS = [
  { key: 'cached', path: '/fr/colis', label: 'the cached list' },
  { key: 'filtered', path: FILTERED_PATH, label: 'a filtered list (production server)' },
  { key: 'rendered', ...RENDERED, label: 'a filtered list rendered for each request' },
];
const TARGETS_FILTERED = { reqPerSec: 300, p95: 100 };

/** One autocannon run with every response's latency kept, for an exact p95. */
async function cannonLatencies(autocannon, { path: pathname, headers = {} }) {
  const latencies = [];
  const instance = autocannon({
    url: `http://${HOST}:${PORT}${pathname}`,
    headers: { 'accept-encoding': 'identity', ...headers },
    ...LIST_CANNON,
  });
  instance.on('response', (client, statusCode, bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] * 10) / 10;
  return {
    path: pathname,
    reqPerSec: Math.round(result.requests.average),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

async function cannon(autocannon, { path: pathname, headers = {} }) {
  const result = await autocannon({ url: `http://${HOST}:${PORT}${pathname}`, headers, ...AUTOCANNON });
  return {
    path: pathname,
    reqPerSec: Math.round(result.requests.average),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

let http;
try {
  if (!pglite) throw new Error('skipped: the PGlite data set of step (a) is missing');
  const { default: autocannon } = await import('autocannon');
  // Next lists the files of public/ when it starts: the copy of the page must exist by then.
  writeFileSync(copyFile, '');
  const readySeconds = await startServer();
  log(`server ready after ${readySeconds.toFixed(0)} s`);
  const warm = [];
  for (let i = 0; i < 5; i++) warm.push(await get('/fr/colis'));
  const icon = await get('/icon.svg');
  const expected = pglite.sets.find((set) => !set.filtered && set.kind === 'package')?.ids ?? [];
  const shown = expected.filter((id) => warm.at(-1).text.includes(`/colis/${id}`)).length;
  log(
    `warm-up of /fr/colis: ${warm.map((w) => `${w.status} ${w.cache ?? '-'}`).join(', ')}; page ${warm.at(-1).bytes} bytes with ${shown} of the ${expected.length} listings of the bench data; /icon.svg ${icon.bytes} bytes`,
  );
  if (!expected.length || shown < expected.length)
    throw new Error(`/fr/colis does not show the bench data (${shown} of ${expected.length} listings): a stale cache?`);
  // The page's own HTML as a file of public/: what the same bytes cost without Next's page work,
  // which tells the cost of the page's size from the cost of serving it as a page.
  writeFileSync(copyFile, warm.at(-1).text);
  const copy = await get(COPY_PATH);
  if (copy.status !== 200 || copy.bytes !== warm.at(-1).bytes)
    throw new Error(`${COPY_PATH} answers ${copy.status} with ${copy.bytes} bytes`);
  // The production server answers the page from its page cache, the query-string URL from Next.
  const replayed = await get('/fr/colis');
  const throughNext = await get(NEXT_PATH);
  if (
    replayed.pageCache !== 'HIT' ||
    throughNext.pageCache !== null ||
    throughNext.cache !== 'HIT' ||
    throughNext.text !== replayed.text
  ) {
    throw new Error(
      `expected /fr/colis from the page cache and ${NEXT_PATH} from Next's cache, the same page: x-page-cache ${replayed.pageCache} / ${throughNext.pageCache}, x-nextjs-cache ${throughNext.cache}`,
    );
  }
  const gzipBytes = await rawBytes('/fr/colis', GZIP);
  const runs = Object.fromEntries(TARGETS_HTTP.map(({ key }) => [key, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of TARGETS_HTTP) {
      const run = await cannon(autocannon, target);
      runs[target.key].push(run);
      log(
        `round ${round} ${target.label} ${target.path}: ${run.reqPerSec} req/s, p99 ${run.latencyP99} ms, ${run.non2xx} non-2xx, ${run.errors} errors`,
      );
    }
  }
  const best = (list) => list.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
  for (const w of warm) delete w.text;
  http = { readySeconds, shown, warm, pageBytes: warm.at(-1).bytes, iconBytes: icon.bytes, gzipBytes, runs };
  for (const { key } of TARGETS_HTTP) http[key] = best(runs[key]);
  const share = (a, b) => Math.round((a.reqPerSec / b.reqPerSec) * 1000) / 10;
  http.sharePercent = share(http.page, http.static);
  http.nextSharePercent = share(http.next, http.static);
  http.copySharePercent = share(http.copy, http.static);
  http.nextOfCopyPercent = share(http.next, http.copy);
  http.gzipGain = Math.round((http.pageGzip.reqPerSec / http.nextGzip.reqPerSec) * 10) / 10;

  // Filtered lists: rendered at the first request, then from the page cache; with a cookie, never kept.
  const firstFiltered = await get(FILTERED_PATH);
  const keptFiltered = await get(`/fr/colis?utm_source=bench&from=Tunis`);
  const rendered = [await get(RENDERED.path, 15_000, { ...RENDERED.headers, 'accept-encoding': 'identity' })];
  rendered.push(await get(RENDERED.path, 15_000, { ...RENDERED.headers, 'accept-encoding': 'identity' }));
  if (
    firstFiltered.status !== 200 ||
    firstFiltered.pageCache !== null ||
    keptFiltered.pageCache !== 'HIT' ||
    keptFiltered.text !== firstFiltered.text ||
    rendered.some((r) => r.status !== 200 || r.pageCache !== null)
  )
    throw new Error(
      `expected ${FILTERED_PATH} rendered then kept, and ${RENDERED.path} with a cookie rendered each time: ${firstFiltered.status} ${firstFiltered.pageCache} / ${keptFiltered.pageCache} / ${rendered.map((r) => `${r.status} ${r.pageCache}`).join(', ')}`,
    );
  const listRuns = Object.fromEntries(TARGETS_LISTS.map(({ key }) => [key, []]));
  for (let round = 1; round <= LIST_ROUNDS; round++) {
    for (const target of TARGETS_LISTS) {
      const run = await cannonLatencies(autocannon, target);
      listRuns[target.key].push(run);
      log(
        `round ${round} at ${LIST_CANNON.connections} connections, ${target.label} ${target.path}: ${run.reqPerSec} req/s, p50 ${run.p50} ms, p95 ${run.p95} ms, p99 ${run.p99} ms, load ${run.load}`,
      );
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  http.lists = Object.fromEntries(
    TARGETS_LISTS.map(({ key }) => [
      key,
      Object.fromEntries(
        ['reqPerSec', 'p50', 'p95', 'p99', 'non2xx', 'errors'].map((field) => [
          field,
          median(listRuns[key].map((run) => run[field])),
        ]),
      ),
    ]),
  );
  http.listRuns = listRuns;
  http.filteredBytes = firstFiltered.bytes;
} catch (error) {
  failures.push(`throughput: ${error.message}`);
} finally {
  rmSync(copyFile, { force: true });
  if (server) {
    await stopServer();
    dropListingCaches();
  }
}

// ---------------------------------------------------------------- (e): live messaging

// scripts/bench/messaging.mjs on a production server of its own: 1,000 open event streams, a message
// every 100 ms for 30 s, on PGlite then on a throwaway PostgreSQL.
const LIVE_TARGET_P95 = 100;
const live = [];
for (const database of ['PGlite', 'PostgreSQL']) {
  let livePostgres;
  try {
    const env = { DATA_DIR: mkdtempSync(path.join(work, 'live-')), DATABASE_URL: '' };
    if (database === 'PostgreSQL') {
      livePostgres = await startPostgres();
      env.DATABASE_URL = livePostgres.url;
    }
    const out = path.join(work, `live-${database}.json`);
    log(`live messaging on ${database}`);
    const result = spawnSync(process.execPath, ['scripts/bench/messaging.mjs', out], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      timeout: 15 * 60_000,
    });
    if (result.status !== 0)
      throw new Error(`scripts/bench/messaging.mjs exited with ${result.status ?? result.signal}`);
    live.push(JSON.parse(readFileSync(out, 'utf8')));
  } catch (error) {
    failures.push(`live messaging on ${database}: ${error.message}`);
  } finally {
    livePostgres?.stop();
  }
}

// ---------------------------------------------------------------- (d): the report

const ms = (v) => (v === undefined ? 'n/a' : `${v.toFixed(2)} ms`);
const met = (ok) => (ok === undefined ? 'not measured' : ok ? '**met**' : '**not met**');
const cpus = os.cpus();
const machine = `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} (${os.arch()}), Node ${process.version}`;
const sizeOf = (summary) => `${(summary.listings.packages + summary.listings.travels).toLocaleString('en')} listings`;
const targets = {
  postgres: pg ? pg.filtered.p95 < TARGETS.postgresP95 : undefined,
  pglite: pglite ? pglite.filtered.p95 < TARGETS.pgliteP95 : undefined,
  page: http ? http.sharePercent >= TARGETS.pageShare : undefined,
  nearbyPostgres: pg?.nearby ? pg.nearby.pooled.p95 < TARGETS.nearbyP95 : undefined,
  nearbyPglite: pglite?.nearby ? pglite.nearby.pooled.p95 < TARGETS.nearbyP95 : undefined,
};
const worst = (summary) =>
  summary && summary.sets.filter((s) => s.filtered).reduce((a, b) => (b.stats.p95 > a.stats.p95 ? b : a));
const unfiltered = (summary) => summary?.sets.find((s) => !s.filtered)?.stats;

const lines = [];
lines.push('# Benchmarks', '');
lines.push('Produced by `npm run bench` (scripts/bench.mjs); do not edit by hand, run it again.', '');
lines.push(`- Date: ${new Date().toISOString()}`);
const loads = (values) => values.map((v) => v.toFixed(2)).join(' / ');
lines.push(
  `- Machine: ${machine}; load average (1, 5, 15 min) ${loads(loadAtStart)} at the start, ${loads(os.loadavg())} at the end (other processes share this machine)`,
);
for (const [label, summary] of [
  ['PGlite (and the HTTP server)', pglite],
  ['PostgreSQL', pg],
])
  if (summary)
    lines.push(
      `- Data set on ${label}: ${summary.listings.packages.toLocaleString('en')} packages + ${summary.listings.travels.toLocaleString('en')} travels (${sizeOf(summary)}), ${summary.listings.users} users; ${summary.reused ? 'generated by an earlier run (BENCH_DATABASE_URL) and migrated' : `generated in ${summary.generateSeconds.toFixed(0)} s`} (scripts/bench/generate.ts)`,
    );
if (pg?.serverVersion)
  lines.push(
    `- PostgreSQL server: ${pg.serverVersion} (${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'throwaway, fsync off, default settings otherwise'}), on the same machine`,
  );
lines.push('');

const worstSet = pg?.sets.reduce((a, b) => (b.p95 > a.p95 ? b : a));
const pgLoads = pg?.sets.flatMap((set) => set.perRound.map((round) => round.load)) ?? [];
const filteredList = http?.lists?.filtered;
lines.push('## Targets', '');
lines.push('| Target | Measured | Result |', '| --- | --- | --- |');
lines.push(
  `| Every list query set p95 < ${TARGETS.everySetP95} ms on PostgreSQL${pg ? ` at ${sizeOf(pg)}` : ''} (median of ${pg?.rounds ?? 'n/a'} rounds) | ${worstSet ? `worst set ${ms(worstSet.p95)} (${worstSet.name}); load average ${Math.min(...pgLoads).toFixed(2)} to ${Math.max(...pgLoads).toFixed(2)} during the sets` : 'n/a'} | ${met(worstSet ? worstSet.p95 < TARGETS.everySetP95 : undefined)} |`,
);
lines.push(
  `| Filtered list ≥ ${TARGETS_FILTERED.reqPerSec} req/s with p95 < ${TARGETS_FILTERED.p95} ms at ${LIST_CANNON.connections} connections (median of ${LIST_ROUNDS} runs) | ${filteredList ? `${filteredList.reqPerSec} req/s, p95 ${filteredList.p95} ms (the cached list: ${http.lists.cached.reqPerSec} req/s, p95 ${http.lists.cached.p95} ms)` : 'n/a'} | ${met(filteredList ? filteredList.reqPerSec >= TARGETS_FILTERED.reqPerSec && filteredList.p95 < TARGETS_FILTERED.p95 : undefined)} |`,
);
lines.push(
  `| Filtered list query p95 < ${TARGETS.postgresP95} ms on PostgreSQL | ${pg ? `${ms(pg.filtered.p95)} (worst filter set ${ms(worst(pg).stats.p95)})` : 'n/a'} | ${met(targets.postgres)} |`,
);
lines.push(
  `| Filtered list query p95 < ${TARGETS.pgliteP95} ms on PGlite | ${pglite ? `${ms(pglite.filtered.p95)} (worst filter set ${ms(worst(pglite).stats.p95)})` : 'n/a'} | ${met(targets.pglite)} |`,
);
for (const [label, summary, limit] of [
  ['PostgreSQL', pg, TARGETS.postgresP95],
  ['PGlite', pglite, TARGETS.pgliteP95],
]) {
  const u = unfiltered(summary);
  if (u)
    lines.push(
      `| Unfiltered default list (the query behind /colis), same bound on ${label} | p95 ${ms(u.p95)} | ${met(u.p95 < limit)} |`,
    );
}
for (const [label, summary, ok] of [
  ['PostgreSQL', pg, targets.nearbyPostgres],
  ['PGlite', pglite, targets.nearbyPglite],
]) {
  const worstNearby = summary?.nearby?.sets
    .filter((set) => set.page)
    .reduce((a, b) => (b.stats.p95 > a.stats.p95 ? b : a));
  lines.push(
    `| Nearby query p95 < ${TARGETS.nearbyP95} ms on ${label} (the map of autour-de-moi, answers of the page's size) | ${summary?.nearby ? `${ms(summary.nearby.pooled.p95)} (worst set ${ms(worstNearby.stats.p95)}; every set, the API's largest answer included: ${ms(summary.nearby.overall.p95)})` : 'n/a'} | ${met(ok)} |`,
  );
}
lines.push(
  `| Warm /fr/colis ≥ ${TARGETS.pageShare} % of the static file's throughput | ${http ? `${http.sharePercent} % (${http.page.reqPerSec} / ${http.static.reqPerSec} req/s)` : 'n/a'} | ${met(targets.page)} |`,
);
lines.push('');

lines.push('## List query latency (`listListings`)', '');
const runs = pglite?.runs ?? pg?.runs;
lines.push(
  `In process, one query at a time: ${pglite?.warmup ?? pg?.warmup ?? 20} warm-up runs, then ${pg?.rounds ?? pglite?.rounds ?? 3} rounds of ${runs ?? 200} timed runs per filter set (in each round, one set after the other), from the call to the mapped page of 12 (SQL, driver, owner join, row mapping). A set's p95 is the median of its rounds' p95; each round's p95 on PostgreSQL is shown with the load average (1 min) at its end, since other processes share the machine. PGlite holds ${pglite ? sizeOf(pglite) : 'n/a'}, PostgreSQL ${pg ? sizeOf(pg) : 'n/a'}. "Filtered sets" pools every sample of the filtered sets; "all sets" adds the unfiltered default list, which a warm /colis page does not run (it is served from the page cache) but a cold or revalidated one does.`,
  '',
  'The sets: the bare list of parcels (open ones by departure date, the /colis page); the country pair Tunisia → France for parcels, its second page (from the first page\'s cursor) and for trips; trips by car; departures within a date range under a price per kg; the city pair Tunis → Paris; the country pair by price; trips from a city, newest first; and a weight range, a filter no index holds: the scan reads the departure order and skips the other weights. "Index read" and "rows read" are the PostgreSQL plan of the set (EXPLAIN ANALYZE, outside the timed runs): the index the scan reads, and the rows it read for the page of 12 (13 read: one more tells whether a next page exists).',
  '',
);
lines.push(
  '| Filter set | Index read (PostgreSQL) | Rows read | PGlite p50 | PGlite p95 | PostgreSQL p50 | PostgreSQL p95 | PostgreSQL p95 of each round (load) |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
);
const names = (pg ?? pglite)?.sets.map((s) => s.name) ?? [];
for (const name of names) {
  const a = pglite?.sets.find((s) => s.name === name);
  const b = pg?.sets.find((s) => s.name === name);
  const plan = b?.plan ?? a?.plan;
  lines.push(
    `| ${name} | ${plan ? `\`${plan.index}\`` : 'n/a'} | ${plan?.rowsRead ?? 'n/a'} | ${ms(a?.stats.p50)} | ${ms(a?.p95)} | ${ms(b?.stats.p50)} | **${ms(b?.p95)}** | ${b ? b.perRound.map((r) => `${r.p95.toFixed(2)} (${r.load.toFixed(2)})`).join(', ') : 'n/a'} |`,
  );
}
lines.push(
  `| **filtered sets** | | | ${ms(pglite?.filtered.p50)} | ${ms(pglite?.filtered.p95)} | ${ms(pg?.filtered.p50)} | ${ms(pg?.filtered.p95)} | |`,
);
lines.push(
  `| all sets | | | ${ms(pglite?.overall.p50)} | ${ms(pglite?.overall.p95)} | ${ms(pg?.overall.p50)} | ${ms(pg?.overall.p95)} | |`,
);
lines.push('');
if (names.length) {
  const filters = (pg ?? pglite).sets.map(
    (s) =>
      `- ${s.name}: \`${s.kind}\` \`${JSON.stringify({ ...s.filters, cursor: s.filters.cursor ? '<cursor of page 1>' : undefined })}\``,
  );
  lines.push('Filters of each set:', '', ...filters, '');
}

lines.push('## Nearby query latency (`nearbyOffers`)', '');
lines.push(
  `The query of the map of offers around me (GET /nearby, lib/server/public/nearby.ts): per kind, the open listings nearest to the point from the GiST index on the departure (a point of the unit sphere, cube extension), \`limit + 1\` of them, then those within the radius; in process, one query at a time, the same warm-up and runs as above, from the call to the mapped answer (one statement, both kinds' index scans in it for \`all\`; city names in French). The listings of one city share its coordinates, so around Tunis the nearest are among thousands at the same distance: the index still stops after \`limit + 1\` rows. The target pools the sets of the page's size; the API's largest answer is timed too, and each of its rows costs a read of the table where it lies (the listings of a city are spread over it).`,
  '',
);
lines.push(
  '| Set | Offers | PGlite p50 | PGlite p95 | PGlite p99 | PostgreSQL p50 | PostgreSQL p95 | PostgreSQL p99 |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const name of (pglite ?? pg)?.nearby?.sets.map((set) => set.name) ?? []) {
  const a = pglite?.nearby?.sets.find((set) => set.name === name);
  const b = pg?.nearby?.sets.find((set) => set.name === name);
  const offers = a ?? b;
  lines.push(
    `| ${name} | ${offers.rows}${offers.more ? ' (more within the radius)' : ''} | ${ms(a?.stats.p50)} | ${ms(a?.stats.p95)} | ${ms(a?.stats.p99)} | ${ms(b?.stats.p50)} | ${ms(b?.stats.p95)} | ${ms(b?.stats.p99)} |`,
  );
}
lines.push(
  `| **sets of the page's size** | | ${ms(pglite?.nearby?.pooled.p50)} | **${ms(pglite?.nearby?.pooled.p95)}** | ${ms(pglite?.nearby?.pooled.p99)} | ${ms(pg?.nearby?.pooled.p50)} | **${ms(pg?.nearby?.pooled.p95)}** | ${ms(pg?.nearby?.pooled.p99)} |`,
  `| every set | | ${ms(pglite?.nearby?.overall.p50)} | ${ms(pglite?.nearby?.overall.p95)} | ${ms(pglite?.nearby?.overall.p99)} | ${ms(pg?.nearby?.overall.p50)} | ${ms(pg?.nearby?.overall.p95)} | ${ms(pg?.nearby?.overall.p99)} |`,
  '',
);
for (const [label, summary] of [
  ['PostgreSQL', pg],
  ['PGlite', pglite],
]) {
  if (summary?.nearby?.plan)
    lines.push(
      `Plan of the page's query around Tunis (both kinds) on ${label} (EXPLAIN ANALYZE):`,
      '',
      '```',
      summary.nearby.plan,
      '```',
      '',
    );
}

lines.push('## HTTP throughput (production server)', '');
if (http) {
  lines.push(
    `The production server (\`npm start\`: scripts/server.mjs, Next's request handler behind the page cache of scripts/page-cache.mjs) on the PGlite data above (SEED=none), autocannon in the bench process on the same machine (it shares the CPU with the server): ${AUTOCANNON.connections} connections, ${AUTOCANNON.duration} s, pipelining ${AUTOCANNON.pipelining}, no Accept-Encoding unless the row says gzip; the rows alternated ${ROUNDS} times, the best run of each kept. /fr/colis was warmed with ${http.warm.length} requests first (x-nextjs-cache: ${[...new Set(http.warm.map((w) => w.cache ?? 'none'))].join(', ')}) and shows the first ${http.shown} listings of the bench data.`,
    '',
  );
  lines.push(
    '| What | URL | Response size | Best req/s | Latency p50 | Latency p99 | Non-2xx / errors | All runs (req/s) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const { key, label } of TARGETS_HTTP) {
    const r = http[key];
    const size = key === 'static' ? http.iconBytes : key.endsWith('Gzip') ? http.gzipBytes : http.pageBytes;
    lines.push(
      `| ${label} | ${r.path} | ${size.toLocaleString('en')} B | ${r.reqPerSec} | ${r.latencyP50} ms | ${r.latencyP99} ms | ${r.non2xx} / ${r.errors + r.timeouts} | ${http.runs[key].map((x) => x.reqPerSec).join(', ')} |`,
    );
  }
  lines.push(
    '',
    `Warm page / static file: **${http.sharePercent} %** (target ≥ ${TARGETS.pageShare} %). The page cache answers from memory, while Next opens, reads and closes a file of public/ for each request: a warm page can outrun the small file.`,
    '',
    `The page cache keeps the bytes Next sent for a public page and replays them for a few seconds (docs/performance.md, "The page cache"). Without it, through Next alone, the same page reaches ${http.nextSharePercent} % of the static file: Next sends its cached page again from a JavaScript string for every request (it measures it, encodes it to UTF-8, and gzips it anew for a browser). ${COPY_PATH} is the page's own HTML written to public/ for the run: the same bytes served as a plain file reach ${http.copySharePercent} % of the small file, and Next alone ${http.nextOfCopyPercent} % of that copy. For a browser, which asks for gzip, the production server answers ${http.gzipGain} times as many requests as Next alone.`,
    '',
  );
} else {
  lines.push('Not measured (see failures below).', '');
}

lines.push('## Filtered lists (production server, 10 connections)', '');
if (http?.lists) {
  lines.push(
    `The same server and data, autocannon with ${LIST_CANNON.connections} connections for ${LIST_CANNON.duration} s, no Accept-Encoding, the three rows alternated ${LIST_ROUNDS} times; the medians of the runs, p95 from every response's latency. A filtered list (\`${FILTERED_PATH}\`, ${http.filteredBytes.toLocaleString('en')} B) is rendered by Next for its first request (proxy.ts sends it to ./resultats, which reads the query), its data from Next's data cache under the listings' tags; the page cache then keeps that HTML under the list's canonical URL (its filter keys in a fixed order, each with its first value, blank and unknown keys left out: lib/list-query.mjs) and replays it to every spelling of the same query, until a listing is written (\`listings-changed\` purges it, as it does the bare lists) or for 10 s at most. The last row is that page rendered for each request, as every filtered list was before: its requests carry a cookie, so the page cache never keeps it.`,
    '',
    '| What | URL | req/s | p50 | p95 | p99 | Non-2xx / errors | Each run: req/s, p95 (load) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const { key, path: pathname, label } of TARGETS_LISTS) {
    const r = http.lists[key];
    lines.push(
      `| ${label} | ${pathname} | ${r.reqPerSec} | ${r.p50} ms | **${r.p95} ms** | ${r.p99} ms | ${r.non2xx} / ${r.errors} | ${http.listRuns[key].map((run) => `${run.reqPerSec}, ${run.p95} ms (${run.load.toFixed(2)})`).join('; ')} |`,
    );
  }
  lines.push('');
} else lines.push('Not measured (see failures below).', '');

lines.push('## Live messaging (event streams)', '');
if (live.length) {
  const first = live[0];
  lines.push(
    `scripts/bench/messaging.mjs: a production server of its own (the current build), ${first.members} members signed up and confirmed through the API, each with ${first.streams / first.members} open streams (\`GET /api/user/v1/events\`, ${first.streams} in all), a conversation per member; then for ${first.durationSeconds} s a message every ${first.intervalMs} ms (\`POST /conversations/{id}/messages\`) from one side of a random conversation to the other. Latency: from the send call to the first of the recipient's streams receiving the message; lost: a message not received by every stream of both participants (the sender's other tabs hear it too). Memory: the server's resident set before the streams open and once they are all open. The clients run in the bench process on the same machine.`,
    '',
    '| Database | Streams | Messages sent | Lost | p50 | p95 | p99 | Server memory before → after | Per stream |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  );
  for (const r of live)
    lines.push(
      `| ${r.database} | ${r.streams} | ${r.sent} | ${r.lost + r.failedSends} | ${ms(r.p50)} | **${ms(r.p95)}** | ${ms(r.p99)} | ${(r.rssBefore / 2 ** 20).toFixed(0)} → ${(r.rssAfter / 2 ** 20).toFixed(0)} MiB | ${(r.bytesPerStream / 1024).toFixed(0)} kB |`,
    );
  lines.push(
    '',
    `Target: p95 under ${LIVE_TARGET_P95} ms and nothing lost: ${met(live.every((r) => r.p95 < LIVE_TARGET_P95 && r.lost === 0 && r.failedSends === 0))}.`,
    '',
  );
} else lines.push('Not measured (see failures below).', '');

if (failures.length) lines.push('## Failures', '', ...failures.map((f) => `- ${f.split('\n')[0]}`), '');

lines.push('## How to run', '');
lines.push(
  '```sh',
  'npm run bench                  # everything below, then writes this file',
  '# the PostgreSQL sets at 1,000,000 listings, generated once into a database kept between runs:',
  'BENCH_LISTINGS_PER_KIND=500000 BENCH_DATABASE_URL=postgres://... npm run bench',
  '# one database only:',
  'DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx scripts/bench/generate.ts',
  'DATA_DIR=... node --conditions=react-server --import tsx scripts/bench/query.ts /tmp/summary.json',
  '# or DATABASE_URL=postgres://... for a PostgreSQL server',
  '```',
  '',
  `Needs the PostgreSQL 15 server binaries (\`apt-get install postgresql-15\`, as for \`npm test\`) and port ${PORT} free; builds the app first when the sources changed (scripts/start.mjs). Takes about 3 to 6 minutes on a 2-core machine (more when it has to build). Environment knobs: BENCH_PORT, BENCH_RUNS, BENCH_WARMUP, BENCH_QUERY_ROUNDS, BENCH_LISTINGS_PER_KIND (PostgreSQL's data set; PGlite's stays at 50,000 of each kind), BENCH_DATABASE_URL (a PostgreSQL database to fill once and reuse), BENCH_USERS.`,
  '',
  "Next keeps its data cache and rendered pages in `.next/`, shared by every server started from the work tree whatever its database, so a warm /fr/colis can show another database's listings. The bench drops the cached listing data (`.next/cache/fetch-cache` entries tagged `listings`) and the cached /fr/colis page before its server starts and after it stops, and fails unless the warm page shows the first listings of the bench data.",
  '',
);

const markdown = `${lines.join('\n')}`;
mkdirSync(path.join(root, 'docs'), { recursive: true });
// Written as Prettier would (npm test checks every file's formatting): its tables aligned.
const prettier = await import('prettier');
const benchmarksFile = path.join(root, 'docs', 'benchmarks.md');
writeFileSync(
  benchmarksFile,
  await prettier.format(markdown, { ...(await prettier.resolveConfig(benchmarksFile)), filepath: benchmarksFile }),
);
rmSync(work, { recursive: true, force: true });

console.log(`\n${markdown}`);
log('wrote docs/benchmarks.md');
if (failures.length) {
  for (const failure of failures) console.error(`[bench] FAILED ${failure}`);
  process.exitCode = 1;
}
