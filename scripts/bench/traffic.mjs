#!/usr/bin/env node
// What a shared link costs, and what counting its visits costs (issue 35), in one run against one
// production server (scripts/server.mjs on the current build, built first when needed) with the demo
// seed on a fresh PGlite directory, trusting 127.0.0.1 as a proxy so that each page view comes from an
// address of its own:
//   1. the list /fr/colis and a listing's page, each plain and tagged (utm_* and a click id new with
//      every request, as Facebook adds), at 10 connections, alternated BENCH_TRAFFIC_ROUNDS times (3);
//   2. page views (POST /api/user/v1/page-events) at a steady BENCH_TRAFFIC_RATE a second (1,000) for
//      BENCH_TRAFFIC_DURATION seconds (20), BENCH_TRAFFIC_BEACON_ROUNDS times (3), every latency kept,
//      and the server's CPU time meanwhile; then the views the statistics API counts for the day (all
//      of them, written within seconds);
//   3. the list again, plain, while page views come at a tenth of that rate.
// Writes its section of docs/benchmarks.md (`npm run bench` runs it after its own steps). Knobs:
// BENCH_TRAFFIC_PORT (3340), BENCH_TRAFFIC_WRITE=0 (print only).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuilt } from '../build-stamp.mjs';
import { writeSection } from './sections.mjs';
import { beaconRun, taggedRuns } from './traffic-runs.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_TRAFFIC_PORT || 3340);
const ROUNDS = Number(process.env.BENCH_TRAFFIC_ROUNDS || 3);
const RATE = Number(process.env.BENCH_TRAFFIC_RATE || 1000);
const DURATION = Number(process.env.BENCH_TRAFFIC_DURATION || 20);
const PAGE_DURATION = Number(process.env.BENCH_TRAFFIC_PAGE_DURATION || 10);
const BEACON_ROUNDS = Number(process.env.BENCH_TRAFFIC_BEACON_ROUNDS || 3);
const TARGETS = { share: 0.8, p95: 5 };
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => console.log(`[bench:traffic] ${message}`);
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = mkdtempSync(path.join(os.tmpdir(), 'colibri-bench-traffic-'));
let server;

/** The server process's CPU time (user and system), in milliseconds. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function startServer() {
  if (!isBuilt()) {
    log('building (the sources changed since the last build)');
    const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the build failed');
  }
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: work,
      DATABASE_URL: '',
      SEED: 'demo',
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`).catch(() => null);
    if (ready?.status === 200) return;
    if (Date.now() > deadline) throw new Error('the server was not ready within 3 minutes');
    await sleep(500);
  }
}

/** The demo moderator's session, and what GET /statistics says of today. */
async function todaysViews() {
  const signIn = await fetch(`${base}/api/user/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.250' },
    body: JSON.stringify({ email: 'moderator@demo.colibri.tn', password: 'demo1234' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const stats = await (await fetch(`${base}/api/user/v1/statistics`, { headers: { cookie } })).json();
  return stats.data.days.at(-1).views;
}

/**
 * A round of page views from a Node process of its own, as the views of a site come from browsers
 * apart from its pages': in this process, the autocannon runs of the pages before leave work (their
 * results, their timers) that held the answers' events and counted as seconds of latency.
 */
function beaconRunApart(options) {
  const script = `import { beaconRun } from ${JSON.stringify(new URL('./traffic-runs.mjs', import.meta.url).href)};
process.stdout.write(JSON.stringify(await beaconRun(${JSON.stringify(base)}, ${JSON.stringify(options)})));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the page views' process failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

async function main() {
  await startServer();
  const listing = /href="(\/fr\/colis\/[^"?#]+)"/.exec(await (await fetch(`${base}/fr/colis`)).text())?.[1];
  if (!listing) throw new Error('no listing on /fr/colis');
  const pages = [
    { label: 'the list /fr/colis', path: '/fr/colis' },
    { label: 'a listing’s page', path: listing },
  ];
  for (const page of pages) for (let i = 0; i < 5; i++) await fetch(base + page.path);
  log(`tagged links, ${ROUNDS} rounds of ${PAGE_DURATION} s at 10 connections`);
  const tagged = await taggedRuns(base, { pages, rounds: ROUNDS, duration: PAGE_DURATION });
  for (const t of tagged) log(`${t.label}: ${t.plain} req/s plain, ${t.tagged} tagged (${t.share}x)`);

  const paths = ['/fr/colis', listing, '/ar/trajets', '/fr', '/en/envoyer-colis/tunisie', `/ar${listing.slice(3)}`];
  // A few seconds of views first: the server's first ones compile the handler's code.
  await beaconRun(base, { paths, rate: RATE / 5, duration: 3, connections: 50 });
  await sleep(2000);
  const beaconRounds = [];
  for (let i = 0; i < BEACON_ROUNDS; i++) {
    const viewsBefore = await todaysViews();
    const cpuBefore = cpuMs(server.pid);
    log(`page views at ${RATE}/s for ${DURATION} s (round ${i + 1} of ${BEACON_ROUNDS})`);
    const run = beaconRunApart({ paths, rate: RATE, duration: DURATION, connections: 50 });
    const cpuPerBeacon = (cpuMs(server.pid) - cpuBefore) / Math.max(1, run.answered);
    await sleep(3000);
    const written = (await todaysViews()) - viewsBefore;
    log(`${run.reached} req/s reached, p95 ${run.p95} ms, p99 ${run.p99} ms; ${written} of ${run.accepted} written`);
    beaconRounds.push({ ...run, cpuPerBeacon, written });
    await sleep(2000);
  }
  const medianOf = (key) => median(beaconRounds.map((run) => run[key]));
  const beacons = {
    ...beaconRounds[0],
    ...Object.fromEntries(['reached', 'p50', 'p95', 'p99', 'p95Due'].map((k) => [k, medianOf(k)])),
  };

  log(`the list at 10 connections while page views come at ${RATE / 10}/s`);
  const [withBeacons] = await Promise.all([
    taggedRuns(base, { pages: [pages[0]], rounds: 1, duration: PAGE_DURATION }),
    beaconRun(base, { paths, rate: RATE / 10, duration: PAGE_DURATION, connections: 10 }),
  ]);
  return { tagged, beacons, beaconRounds, withBeacons: withBeacons[0], listing };
}

function markdown({ tagged, beacons, beaconRounds, withBeacons, listing }, loadAtStart) {
  const cpus = os.cpus();
  const statusesOf = (run) =>
    Object.entries(run.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
  const allWritten = beaconRounds.every(
    (run) => !run.errors && run.written === run.accepted && run.accepted === run.answered,
  );
  const beaconsMet = beacons.p95 < TARGETS.p95 && beacons.reached >= RATE * 0.95 && allWritten;
  return [
    '## Shared links and counted visits (one instance on PGlite)',
    '',
    'Produced by `node scripts/bench/traffic.mjs` (`npm run bench` runs it); run it again rather than edit this section.',
    '',
    `- Date: ${new Date().toISOString()}; machine: ${cpus[0]?.model.trim()} × ${cpus.length}, Node ${process.version}; load average (1, 5, 15 min) ${loadAtStart.map((v) => round(v, 2)).join(' / ')} at the start, ${os
      .loadavg()
      .map((v) => round(v, 2))
      .join(' / ')} at the end (other processes share this machine)`,
    `- One production server (scripts/server.mjs: the page cache in front of Next) with the demo seed on PGlite, autocannon on the same machine; the listing is \`${listing}\``,
    '',
    '| Target | Measured | Result |',
    '| --- | --- | --- |',
    ...tagged.map(
      (t) =>
        `| A tagged ${t.label === 'the list /fr/colis' ? 'list' : 'listing page'} ≥ ${TARGETS.share}x the plain page's req/s (10 connections, medians of ${ROUNDS}) | ${t.tagged} / ${t.plain} req/s = **${t.share}x** | **${t.share >= TARGETS.share && !t.failures ? 'met' : 'not met'}** |`,
    ),
    `| ${RATE.toLocaleString('en')} page views/s on one instance, p95 < ${TARGETS.p95} ms, every one written (medians of ${beaconRounds.length}) | ${beacons.reached} req/s reached, p95 **${beacons.p95} ms**; ${allWritten ? 'every one written' : 'some not written'} | **${beaconsMet ? 'met' : 'not met'}** |`,
    '',
    `Tagged: \`?utm_source=facebook&utm_medium=social&utm_campaign=bench&fbclid=<new for each request>\`, so every request is a URL never seen before, gzip. Before issue 35 the page cache kept no such URL (the list 0.19x, a listing page 0.28x of the cached rate, DESIGN.md).`,
    '',
    '| Page | plain req/s (each round) | tagged req/s (each round) | errors |',
    '| --- | --- | --- | --- |',
    ...tagged.map(
      (t) =>
        `| ${t.label} | ${t.plain} (${t.runs.plain.map((r) => Math.round(r.reqPerSec)).join(', ')}) | ${t.tagged} (${t.runs.tagged.map((r) => Math.round(r.reqPerSec)).join(', ')}) | ${t.failures} |`,
    ),
    '',
    `Page views: POST /api/user/v1/page-events at a steady ${RATE} a second (open loop: the n-th sent at n / ${RATE} s, whatever the answers; scripts/bench/traffic-runs.mjs) for ${DURATION} s over at most ${beacons.connections} kept-alive connections, from a Node process of their own, ${beaconRounds.length} rounds after a warm-up of 3 s; each view from an address of its own (X-Forwarded-For), a phone's user agent, six pages (lists, a listing in two languages, a home page, a landing page), a campaign; the production server answers them before Next through the route's own handler, and writes them in batches. Latency from the send; "from due" counts from the instant the view was due (the client's own timer lag included). The load generator runs on the same 2 cores.`,
    '',
    '| round | reached | answers | p50 | p95 | p99 | max | p95 from due | server CPU per view | written (GET /statistics, 3 s after) | load average after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...beaconRounds.map(
      (run, i) =>
        `| ${i + 1} | ${run.reached}/s | ${statusesOf(run)}; ${run.errors} errors | ${run.p50} ms | ${run.p95} ms | ${run.p99} ms | ${run.max} ms | ${run.p95Due} ms | ${round(run.cpuPerBeacon, 3)} ms | ${run.written} of ${run.accepted} | ${run.load.join(' / ')} |`,
    ),
    `| median | ${beacons.reached}/s | | ${beacons.p50} ms | ${beacons.p95} ms | ${beacons.p99} ms | | ${beacons.p95Due} ms | | | |`,
    '',
    `The list /fr/colis, plain, at 10 connections while page views come at ${RATE / 10}/s: ${withBeacons.plain} req/s (alone, above: ${tagged[0]?.plain}). Counting adds no work to a page's own request: the page reports itself after it has loaded, from the visitor's browser.`,
  ].join('\n');
}

const loadAtStart = os.loadavg();
try {
  const result = await main();
  const text = markdown(result, loadAtStart);
  console.log(`\n${text}\n`);
  if (process.env.BENCH_TRAFFIC_WRITE !== '0') {
    await writeSection('traffic', text);
    log('wrote its section of docs/benchmarks.md');
  }
} catch (error) {
  console.error('[bench:traffic] FAILED', error);
  process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  await sleep(1500);
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
