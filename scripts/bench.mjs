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
//   (f) shared links (tagged vs plain pages) and 1,000 page views a second, on a server of its own
//       with the demo seed (scripts/bench/traffic.mjs, which writes its own section)
//   (e) live messaging: 1,000 event streams and a message every 100 ms, on PGlite and PostgreSQL
//       (scripts/bench/messaging.mjs)
//   (f) the places lookup, in memory and with pg_trgm + unaccent on PGlite and PostgreSQL
//       (scripts/bench/places.ts, which writes its own section of docs/benchmarks.md)
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
import { benchMarkdown, liveMarkdown } from './bench/report.mjs';
import { dropHeading, ownSections, replaceSection, reportFile } from './bench/sections.mjs';
import {
  AUTOCANNON,
  COPY_PATH,
  FILTERED_PATH,
  GZIP,
  LIST_CANNON,
  LIST_ROUNDS,
  NEXT_PATH,
  PGLITE_PER_KIND,
  PG_PER_KIND,
  PORT,
  RENDERED,
  ROUNDS,
  TARGETS_HTTP,
  TARGETS_LISTS,
  TINY,
  TINY_LIVE,
  TINY_QUERY,
} from './bench/settings.mjs';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const STEP_TIMEOUT_MS = 6 * 60_000; // one generate or query step, per 100,000 listings
const SERVER_READY_MS = 8 * 60_000; // build (when needed) and start
const copyFile = path.join(root, 'public', COPY_PATH.slice(1));

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
    env: {
      ...process.env,
      SEED: 'none',
      ...(TINY ? TINY_QUERY : {}),
      ...env,
      BENCH_LISTINGS_PER_KIND: String(perKind),
    },
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

// BENCH_ONLY=live: step (e) alone, written into its section of docs/benchmarks.md (the rest stays).
const onlyLive = process.env.BENCH_ONLY === 'live';

// ---------------------------------------------------------------- (a) and (b): the list query

let pglite;
try {
  if (!onlyLive) pglite = measureDatabase('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' });
} catch (error) {
  failures.push(`PGlite: ${error.message}`);
}

let pg;
try {
  if (onlyLive) throw new Error('skipped');
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
  if (!onlyLive) failures.push(`PostgreSQL: ${error.message}`);
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
  if (onlyLive) throw new Error('skipped');
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
  // The production server answers the page from its page cache, the query-string URL from Next: the
  // same listings (the page cache rewrites the HTML it keeps, so the bytes differ: decisions 0023, 0024).
  const replayed = await get('/fr/colis');
  const throughNext = await get(NEXT_PATH);
  const sameListings = expected.every((id) => throughNext.text.includes(`/colis/${id}`));
  if (replayed.pageCache !== 'HIT' || throughNext.pageCache !== null || throughNext.cache !== 'HIT' || !sameListings) {
    throw new Error(
      `expected /fr/colis from the page cache and ${NEXT_PATH} from Next's cache, the same listings: x-page-cache ${replayed.pageCache} / ${throughNext.pageCache}, x-nextjs-cache ${throughNext.cache}, listings ${sameListings ? 'the same' : 'not the same'}`,
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
  if (!onlyLive) failures.push(`throughput: ${error.message}`);
} finally {
  rmSync(copyFile, { force: true });
  if (server) {
    await stopServer();
    dropListingCaches();
  }
}

// ---------------------------------------------------------------- (f): shared links and counted visits

// Its own server on the demo seed; it writes its own section of docs/benchmarks.md, kept below.
{
  log('shared links and counted visits (scripts/bench/traffic.mjs)');
  const result = spawnSync(process.execPath, ['scripts/bench/traffic.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    timeout: 15 * 60_000,
  });
  if (result.status !== 0)
    failures.push(`shared links and counted visits: exited with ${result.status ?? result.signal}`);
}

// ---------------------------------------------------------------- (e): live messaging

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
      env: { ...process.env, ...(TINY ? TINY_LIVE : {}), ...env },
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

// ---------------------------------------------------------------- (f): the places lookup

if (!onlyLive) {
  let placesPostgres;
  try {
    placesPostgres = await startPostgres();
    log('places lookup: in memory, PGlite and PostgreSQL');
    tsx('scripts/bench/places.ts', [], {
      DATABASE_URL: placesPostgres.url,
      DATA_DIR: mkdtempSync(path.join(work, 'places-')),
    });
  } catch (error) {
    failures.push(`places lookup: ${error.message}`);
  } finally {
    placesPostgres?.stop();
  }
}

// ---------------------------------------------------------------- (d): the report

// A tiny run (BENCH_TINY) writes its report elsewhere: its figures are no measurement (sections.mjs).
const benchmarksFile = reportFile;
// Sections other scripts write (npm run bench:load) stay; the live messaging's is this script's own.
const existing = existsSync(benchmarksFile) ? readFileSync(benchmarksFile, 'utf8') : '';
const liveSection = live.length
  ? liveMarkdown(live)
  : `## Live messaging (event streams)\n\nNot measured (see failures).`;
let markdown;
if (onlyLive) {
  // A report written before the live messaging had a section of its own has it as a plain heading: it goes.
  const before = existing.includes('<!-- section live:')
    ? existing
    : dropHeading(existing, '## Live messaging (event streams)');
  markdown = replaceSection(before, 'live', liveSection);
  if (failures.length)
    markdown += `\n\n## Failures of the live run\n\n${failures.map((f) => `- ${f.split('\n')[0]}`).join('\n')}\n`;
} else {
  const kept = ownSections(existing.replace(/<!-- section live:[\s\S]*?<!-- end of section live -->\n?/, ''));
  markdown = replaceSection(
    benchMarkdown({ pglite, pg, http, failures, loadAtStart }) + (kept ? `\n\n${kept}` : ''),
    'live',
    liveSection,
  );
}
mkdirSync(path.dirname(benchmarksFile), { recursive: true });
// Written as Prettier would (npm test checks every file's formatting): its tables aligned.
const prettier = await import('prettier');
writeFileSync(
  benchmarksFile,
  await prettier.format(markdown, { ...(await prettier.resolveConfig(benchmarksFile)), filepath: benchmarksFile }),
);
rmSync(work, { recursive: true, force: true });

console.log(`\n${markdown}`);
log(`wrote ${path.relative(root, benchmarksFile)}`);
if (failures.length) {
  for (const failure of failures) console.error(`[bench] FAILED ${failure}`);
  process.exitCode = 1;
}
