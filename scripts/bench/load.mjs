#!/usr/bin/env node
// `npm run bench:load`: the rate one production instance sustains on a mixed load, on PostgreSQL.
//   1. a throwaway PostgreSQL 15 server (scripts/postgres.mjs), the production server on it
//      (scripts/server.mjs, built first when the sources changed) with the demo seed (SEED=demo)
//   2. members: the demo's sender and traveller signed in, and MEMBERS members signed up and
//      confirmed through the API (cookie sessions), each with a proposal on a demo package, which
//      opens its conversation
//   3. at each rate of RATES (requests per second, all clients together) for DURATION seconds,
//      autocannon at that fixed rate: VISITOR_SHARE of the requests from visitors (home pages,
//      lists, filtered lists, listing pages, landing pages, the nearby API), the rest from members
//      (inbox, a conversation, sending a message, changing their proposal's amount)
//   4. a rate passes with no error (network error, timeout or non-2xx), the rate reached, p95 under
//      300 ms for visitors and under 500 ms for members; the run stops at the first rate that fails
//   5. the server's resident memory (its peak), its CPU time per request, the machine's load
//      average; a section of docs/benchmarks.md (scripts/bench/sections.mjs) and stdout
// Knobs: BENCH_LOAD_RATES (25,50,100,200,400), BENCH_LOAD_DURATION (20), BENCH_LOAD_PORT (3320),
// BENCH_LOAD_PG_PORT (any free port), BENCH_LOAD_MEMBERS (enough for the top rate's messages),
// BENCH_LOAD_ALL=1 (every rate, even after one fails), BENCH_LOAD_WRITE=0 (print only).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { isBuilt } from '../build-stamp.mjs';
import { startPostgres } from '../postgres.mjs';
import { writeSection } from './sections.mjs';
import { apiClient, benchPhone, nextAddress, signUpMember } from './members.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const RATES = (process.env.BENCH_LOAD_RATES || '25,50,100,200,400').split(',').map(Number);
const DURATION = Number(process.env.BENCH_LOAD_DURATION || 20);
const PORT = Number(process.env.BENCH_LOAD_PORT || 3320);
const VISITOR_SHARE = 0.7;
// Of a member's requests: reads of the inbox and of a conversation, a message, a new amount.
const MEMBER_MIX = [
  ['inbox', 0.35],
  ['conversation', 0.35],
  ['message', 0.15],
  ['propose', 0.15],
];
const TARGETS = { visitorP95: 300, memberP95: 500, reached: 0.9 };
// A member sends at most 30 messages a minute (lib/server/limits.ts): each is kept under 20.
const MESSAGES_PER_MEMBER_PER_MINUTE = 20;
const MEMBERS =
  Number(process.env.BENCH_LOAD_MEMBERS) ||
  Math.max(
    4,
    Math.ceil(
      (Math.max(...RATES) * (1 - VISITOR_SHARE) * MEMBER_MIX.find(([a]) => a === 'message')[1] * 60) /
        MESSAGES_PER_MEMBER_PER_MINUTE,
    ),
  );
const SERVER_READY_MS = 10 * 60_000;
const base = `http://127.0.0.1:${PORT}`;
const api = `${base}/api/user/v1`;
const work = mkdtempSync(path.join(os.tmpdir(), 'colibri-bench-load-'));
const log = (message) => console.log(`[bench:load] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

let postgres;
let server;

function stopAll() {
  if (server) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    server = undefined;
  }
  if (postgres) {
    const current = postgres;
    postgres = undefined;
    current.stop();
  }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });

/** The server process's resident memory (bytes) and CPU time so far (seconds). */
function usage(pid) {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { rss, cpu: (Number(fields[11]) + Number(fields[12])) / clockTicks };
}

/** A client address of its own for each call (the server trusts 127.0.0.1 as a proxy), so that no per-address limit is met. */

const call = apiClient(api);

async function newMember(dataDir, i, listing) {
  const { cookie } = await signUpMember(call, dataDir, {
    email: `load-${i}-${process.pid}@bench.colibri.tn`,
    firstname: `Charge${i}`,
    phone: benchPhone(i),
  });
  const { data: proposal } = await call('POST', '/proposals', {
    cookie,
    body: { listingKind: 'package', listingId: listing.id, amount: 20 },
  });
  return { cookie, address: nextAddress(), proposalId: proposal.id, conversationId: proposal.conversationId };
}

async function demoMember(email) {
  const { cookie } = await call('POST', '/auth/sign-in', { body: { email, password: 'demo1234' } });
  const { data } = await call('GET', '/conversations', { cookie });
  const conversationId = (data.items ?? data)[0]?.id;
  if (!conversationId) throw new Error(`${email} has no conversation`);
  return { cookie, address: nextAddress(), conversationId };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : undefined;

function pickWeighted(mix) {
  let r = Math.random();
  for (const [name, weight] of mix) if ((r -= weight) < 0) return name;
  return mix.at(-1)[0];
}

/** One autocannon run at `rate` requests/s; `next(context)` gives each request. */
async function cannon(rate, next) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url: base,
    duration: DURATION,
    overallRate: rate,
    // Enough connections for the rate at a few hundred milliseconds each.
    connections: Math.max(4, Math.ceil(rate / 4)),
    timeout: 10,
    requests: [
      {
        setupRequest: (request, context) => {
          const { label, ...rest } = next(context);
          context.label = label;
          return { ...request, ...rest };
        },
        onResponse: (status, _body, context) => {
          const key = `${context.label} ${status}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.total / DURATION,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    statuses,
  };
}

const round = (n, digits = 1) => (n === undefined ? undefined : Math.round(n * 10 ** digits) / 10 ** digits);
const mb = (bytes) => Math.round(bytes / 2 ** 20);

async function main() {
  if (!isBuilt()) {
    log('building (the sources changed since the last build)');
    const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the build failed');
  }
  log('starting a throwaway PostgreSQL server');
  postgres = await startPostgres({ port: Number(process.env.BENCH_LOAD_PG_PORT) || undefined });
  const version = spawnSync('psql', [postgres.url, '-Atc', 'show server_version'], { encoding: 'utf8' }).stdout.trim();
  const dataDir = path.join(work, 'data');
  const serverLog = path.join(work, 'server.log');
  const fd = openSync(serverLog, 'a');
  server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      SEED: 'demo',
      TRUSTED_PROXIES: '127.0.0.1, ::1',
    },
  });
  closeSync(fd);
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/fr`, { signal: AbortSignal.timeout(30_000) })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() - started > SERVER_READY_MS)
      throw new Error(
        `the server did not start:\n${readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n')}`,
      );
    await sleep(1000);
  }
  log(`server up on PostgreSQL ${version} with the demo seed after ${round((Date.now() - started) / 1000, 0)} s`);

  const packages = (await call('GET', '/packages?limit=50')).data.items;
  const travels = (await call('GET', '/travels?limit=50')).data.items;
  if (packages.length < 2 || travels.length < 2) throw new Error('the demo seed has too few open listings');
  const visitorPaths = [
    ['home', '/fr'],
    ['home', '/ar'],
    ['list', '/fr/colis'],
    ['list', '/en/trajets'],
    ['filtered list', '/fr/colis?fromCountry=TN&toCountry=FR'],
    ['filtered list', '/fr/trajets?from=Tunis'],
    ['filtered list', '/tn/colis?sort=price'],
    ...packages.slice(0, 20).map((p) => ['listing', `/fr/colis/${p.id}`]),
    ...travels.slice(0, 20).map((t) => ['listing', `/en/trajet/${t.id}`]),
    ['landing page', '/fr/envoyer-colis/tunisie'],
    ['landing page', '/tn/transport-colis/france'],
    ['landing page', '/fr/livraison-colis/maroc'],
    ['nearby API', '/api/user/v1/nearby?lat=36.8065&lng=10.1815'],
    ['nearby API', '/api/user/v1/nearby?lat=48.8566&lng=2.3522&radius=100'],
  ];
  log(`warming ${visitorPaths.length} public paths`);
  for (const [, pathname] of visitorPaths) {
    const response = await fetch(base + pathname, { signal: AbortSignal.timeout(60_000) });
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    await response.arrayBuffer();
  }

  log(`signing in the demo's sender and traveller, signing up ${MEMBERS} members (each proposes on a demo package)`);
  const members = [await demoMember('sender@demo.colibri.tn'), await demoMember('traveller@demo.colibri.tn')];
  for (let i = 0; i < MEMBERS; i++) members.push(await newMember(dataDir, i, packages[i % packages.length]));
  const writers = members.filter((m) => m.proposalId);

  let visitorTurn = 0;
  const visitor = () => {
    const [label, pathname] = visitorPaths[visitorTurn++ % visitorPaths.length];
    return { label, method: 'GET', path: pathname, headers: { 'accept-encoding': 'gzip' } };
  };
  let memberTurn = 0;
  let writerTurn = 0;
  const member = () => {
    const action = pickWeighted(MEMBER_MIX);
    const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
    if (action === 'inbox' || action === 'conversation') {
      const m = members[memberTurn++ % members.length];
      Object.assign(headers, { cookie: m.cookie, 'x-forwarded-for': m.address });
      const pathname = action === 'inbox' ? '/conversations' : `/conversations/${m.conversationId}`;
      return { label: action, method: 'GET', path: `/api/user/v1${pathname}`, headers };
    }
    const m = writers[writerTurn++ % writers.length];
    Object.assign(headers, { cookie: m.cookie, 'x-forwarded-for': m.address });
    if (action === 'message')
      return {
        label: action,
        method: 'POST',
        path: `/api/user/v1/conversations/${m.conversationId}/messages`,
        headers,
        body: JSON.stringify({ body: `Bonjour, toujours disponible ? (${Date.now()})` }),
      };
    return {
      label: action,
      method: 'PUT',
      path: `/api/user/v1/proposals/${m.proposalId}`,
      headers,
      body: JSON.stringify({ amount: 15 + Math.floor(Math.random() * 20) }),
    };
  };

  // Each route's first call loads its bundle: once per action before measuring.
  for (let i = 0; i < 2 * MEMBER_MIX.length; i++) {
    const { method, path: pathname, headers, body } = member();
    const response = await fetch(base + pathname, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }

  const loadAtStart = os.loadavg().map((l) => round(l, 2));
  const steps = [];
  for (const rate of RATES) {
    const visitorRate = Math.max(1, Math.round(rate * VISITOR_SHARE));
    const memberRate = Math.max(1, rate - visitorRate);
    const before = usage(server.pid);
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, usage(server.pid).rss);
      } catch {
        // the server is gone: the run reports it
      }
    }, 500);
    log(`${rate} req/s for ${DURATION} s (${visitorRate} visitors, ${memberRate} members)`);
    const [visitors, membersRun] = await Promise.all([cannon(visitorRate, visitor), cannon(memberRate, member)]);
    clearInterval(sampler);
    const after = usage(server.pid);
    const requests = visitors.requests + membersRun.requests;
    const step = {
      rate,
      visitors,
      members: membersRun,
      reached: requests / DURATION / rate,
      rssMb: mb(Math.max(peakRss, after.rss)),
      cpuMsPerRequest: requests ? ((after.cpu - before.cpu) * 1000) / requests : undefined,
      cpuShare: (after.cpu - before.cpu) / DURATION,
      load: os.loadavg().map((l) => round(l, 2)),
    };
    step.passed =
      visitors.errors === 0 &&
      membersRun.errors === 0 &&
      step.reached >= TARGETS.reached &&
      visitors.p95 < TARGETS.visitorP95 &&
      membersRun.p95 < TARGETS.memberP95;
    steps.push(step);
    log(
      `${rate} req/s: ${step.passed ? 'passed' : 'FAILED'}; reached ${Math.round(step.reached * 100)} %; visitors p95 ${round(visitors.p95)} ms, ${visitors.errors} errors; members p95 ${round(membersRun.p95)} ms, ${membersRun.errors} errors; RSS ${step.rssMb} MB; CPU ${round(step.cpuMsPerRequest, 2)} ms/request; load ${step.load.join(' / ')}`,
    );
    const failures = Object.entries({ ...visitors.statuses, ...membersRun.statuses }).filter(
      ([key]) => !/ 2\d\d$/.test(key),
    );
    if (failures.length) log(`  non-2xx answers: ${failures.map(([k, n]) => `${k} x${n}`).join(', ')}`);
    if (!step.passed && process.env.BENCH_LOAD_ALL !== '1') break;
  }
  return { steps, version, members: members.length, loadAtStart };
}

function markdown({ steps, version, members, loadAtStart }) {
  const best = steps.filter((s) => s.passed).at(-1);
  const cpus = os.cpus();
  const lines = [
    '## Mixed load (one instance on PostgreSQL)',
    '',
    'Produced by `npm run bench:load` (scripts/bench/load.mjs); run it again rather than edit this section.',
    '',
    `- Date: ${new Date().toISOString()}; machine: ${cpus[0]?.model.trim()} × ${cpus.length}, ${round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; load average (1, 5, 15 min) ${loadAtStart.join(' / ')} before the first rate (other processes share this machine)`,
    `- One production server (scripts/server.mjs, Next behind the page cache) on a throwaway PostgreSQL ${version} (fsync off) with the demo seed, on the same machine as autocannon; ${members} members signed in (the demo's sender and traveller, and members signed up for the run)`,
    `- Each rate for ${DURATION} s at a fixed rate (autocannon \`overallRate\`): ${Math.round(VISITOR_SHARE * 100)} % visitors (home pages, lists, filtered lists, listing pages, landing pages, the nearby API; gzip), ${Math.round((1 - VISITOR_SHARE) * 100)} % members (${MEMBER_MIX.map(([a, w]) => `${a} ${Math.round(w * 100)} %`).join(', ')}; "propose" changes the amount of the member's proposal)`,
    `- A rate passes with no error (network, timeout, non-2xx), at least ${TARGETS.reached * 100} % of the rate reached, p95 under ${TARGETS.visitorP95} ms for visitors and under ${TARGETS.memberP95} ms for members; the run stops at the first rate that fails`,
    '',
    ...(DURATION < 20
      ? [
          `**A short run (${DURATION} s per rate) that shows the script works, not a measurement: run \`npm run bench:load\` (20 s per rate) on a quiet machine.**`,
          '',
        ]
      : []),
    `**Highest rate passed: ${best ? `${best.rate} req/s` : 'none'}.**`,
    '',
    '| rate (req/s) | reached | visitors p50 / p95 / p99 (ms) | visitors errors | members p50 / p95 / p99 (ms) | members errors | server RSS (MB) | server CPU per request (ms) | server CPU (cores) | load average 1/5/15 | result |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...steps.map(
      (s) =>
        `| ${s.rate} | ${Math.round(s.reached * 100)} % | ${round(s.visitors.p50)} / ${round(s.visitors.p95)} / ${round(s.visitors.p99)} | ${s.visitors.errors} | ${round(s.members.p50)} / ${round(s.members.p95)} / ${round(s.members.p99)} | ${s.members.errors} | ${s.rssMb} | ${round(s.cpuMsPerRequest, 2)} | ${round(s.cpuShare, 2)} | ${s.load.join(' / ')} | ${s.passed ? 'passed' : 'failed'} |`,
    ),
    '',
    "Server CPU per request is the server process's CPU time (user and system) during the rate divided by the requests answered; the load average is the machine's at the end of the rate (other processes share it).",
  ];
  return lines.join('\n');
}

try {
  const result = await main();
  const text = markdown(result);
  console.log(`\n${text}\n`);
  if (process.env.BENCH_LOAD_WRITE !== '0') {
    await writeSection('load', text);
    log('wrote its section of docs/benchmarks.md');
  }
} catch (error) {
  console.error('[bench:load] FAILED', error);
  process.exitCode = 1;
} finally {
  stopAll();
  rmSync(work, { recursive: true, force: true });
}
