// The production server as an operator sees it (CONTRACT.md "Operations"): health, readiness,
// metrics, request ids, JSON logs without secrets, a PostgreSQL outage, and the SIGTERM drain.
// It starts PostgreSQL and two production servers (scripts/server.mjs) on the current build, on
// ports 4310 and 4311 (OPS_TEST_PORT moves them):
//   node --test tests/ops/operations.test.mjs        (after `npm run build`)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../scripts/postgres.mjs';
import { beaconRun, taggedRuns } from '../../scripts/bench/traffic-runs.mjs';
import { driftOf, exposedMetrics } from './alert-rules.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const basePort = Number(process.env.OPS_TEST_PORT ?? 4310);
const api = '/api/user/v1';
const metricsToken = 'ops-test-metrics-token-0123456789';
const demoPassword = 'demo1234';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const soon = (days) => new Date(Date.now() + days * 86_400_000).toISOString();

let postgres;
let dataDir;

/** A production server on `port`, its stdout lines kept. */
async function startServer(port, extraEnv = {}) {
  const lines = [];
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: postgres.url,
      SEED: 'demo',
      DATA_DIR: dataDir,
      TRUSTED_PROXIES: '',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  const errors = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => errors.push(chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors.join('')}`);
    const ready = await fetch(`${base}/readyz`).catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`server not ready: ${errors.join('')}`);
    await sleep(300);
  }
  return { child, lines, errors, exited, base, port };
}

function stopServer(server) {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
}

/** A JSON call; `token` as a bearer, `cookie` as is. */
async function call(base, method, url, { body, cookie, token, headers = {} } = {}) {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, text, json };
}

/** Signs in a demo member: their id, session cookie (name=value) and bearer token. */
async function signIn(base, email, password = demoPassword) {
  const answer = await call(base, 'POST', `${api}/auth/sign-in`, { body: { email, password } });
  assert.equal(answer.status, 200, answer.text);
  const setCookie = answer.headers.getSetCookie().map((c) => c.split(';')[0]);
  return {
    id: answer.json.data.id,
    cookie: setCookie.join('; '),
    cookieValues: setCookie.map((c) => decodeURIComponent(c.slice(c.indexOf('=') + 1))),
    token: answer.headers.get('set-auth-token'),
  };
}

const requestLines = (lines) =>
  lines
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return null;
      }
    })
    .filter((line) => line?.msg === 'request');

let server;

before(async () => {
  postgres = await startPostgres();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-ops-'));
  server = await startServer(basePort, { METRICS_TOKEN: metricsToken, TRUSTED_PROXIES: '127.0.0.1' });
});

after(() => {
  stopServer(server);
  // The first server's log, for whoever reads a failure.
  if (server) {
    mkdirSync(path.join(root, 'test-results'), { recursive: true });
    writeFileSync(path.join(root, 'test-results', 'operations-server.log'), server.lines.join('\n'));
  }
  postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('health, readiness, metrics and request ids', () => {
  test('healthz and readyz answer JSON, never cached; every answer has an X-Request-Id', async () => {
    const health = await call(server.base, 'GET', '/healthz');
    assert.equal(health.status, 200);
    assert.deepEqual(health.json, { status: 'ok' });
    assert.equal(health.headers.get('cache-control'), 'no-store');
    const ready = await call(server.base, 'GET', '/readyz');
    assert.equal(ready.status, 200, ready.text);
    assert.equal(ready.json.status, 'ready');
    assert.equal(ready.headers.get('cache-control'), 'no-store');
    const ids = new Set();
    for (const url of ['/healthz', '/readyz', '/fr', `${api}/packages`, `${api}/nope`, '/fonts/none.woff2']) {
      const answer = await call(server.base, 'GET', url);
      const id = answer.headers.get('x-request-id');
      assert.match(id ?? '', /^[0-9a-f-]{36}$/, url);
      ids.add(id);
    }
    assert.equal(ids.size, 6);
    // The readiness route itself is not reachable from outside.
    assert.equal((await call(server.base, 'GET', '/api/internal/ready')).status, 404);
  });

  test('a trusted proxy’s X-Request-Id is kept and names the log line', async () => {
    const answer = await call(server.base, 'GET', `${api}/packages`, { headers: { 'x-request-id': 'proxy-42.abc' } });
    assert.equal(answer.headers.get('x-request-id'), 'proxy-42.abc');
    await sleep(100);
    const line = requestLines(server.lines).find((l) => l.reqId === 'proxy-42.abc');
    assert.ok(line, 'no log line for the request');
    assert.equal(line.route, `${api}/packages`);
    assert.equal(line.status, 200);
    assert.equal(line.method, 'GET');
    assert.equal(typeof line.ms, 'number');
  });

  test('metrics: 401 without or with a wrong token, Prometheus text with the token', async () => {
    assert.equal((await call(server.base, 'GET', '/metrics')).status, 401);
    assert.equal((await call(server.base, 'GET', '/metrics', { token: 'wrong-token-0123456789abcd' })).status, 401);
    const answer = await call(server.base, 'GET', '/metrics', { token: metricsToken });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/);
    for (const name of [
      'colibri_http_request_duration_seconds_bucket',
      'colibri_page_cache_requests_total',
      'colibri_live_streams_open',
      'colibri_database_pool_max 10',
      'colibri_database_up 1',
      'colibri_jobs_queued',
      'colibri_jobs_failed',
    ])
      assert.ok(answer.text.includes(name), `${name} missing`);
    assert.match(
      answer.text,
      /colibri_http_request_duration_seconds_count\{method="GET",route="\/api\/user\/v1\/packages",status="200"\} \d+/,
    );
    assert.match(answer.text, /^colibri_ready 1$/m);
    assert.match(answer.text, /^colibri_jobs_due\{queue="mail"\} \d+$/m);
    assert.match(answer.text, /^colibri_jobs_retrying\{queue="sms"\} \d+$/m);
    // No backup in this server's storage yet.
    assert.match(answer.text, /^colibri_backup_newest_timestamp_seconds 0$/m);
  });

  test('ops/alerts.yml and ops/dashboard.json name only metrics and labels that /metrics exposes', async () => {
    // A page and an API call, so that the labelled series exist whatever ran before.
    for (const url of ['/fr', '/fr', `${api}/packages`])
      assert.equal((await call(server.base, 'GET', url)).status, 200);
    const answer = await call(server.base, 'GET', '/metrics', { token: metricsToken });
    assert.equal(answer.status, 200);
    assert.deepEqual(driftOf(root, exposedMetrics(answer.text)), []);
  });
});

describe('counted visits (issue 35), and its benches at a tiny size', () => {
  test('tagged pages and page views through the production server; views written, metrics exposed', async () => {
    const [tagged] = await taggedRuns(server.base, {
      pages: [{ label: 'list', path: '/fr/colis' }],
      rounds: 1,
      duration: 1,
      connections: 2,
    });
    assert.equal(tagged.failures, 0);
    assert.ok(tagged.plain > 0 && tagged.tagged > 0);
    const staff = await signIn(server.base, 'moderator@demo.colibri.tn');
    const today = async () =>
      (await call(server.base, 'GET', `${api}/statistics`, { cookie: staff.cookie })).json.data.days.at(-1).views;
    const before = await today();
    const views = await beaconRun(server.base, {
      paths: ['/fr/colis', '/ar/trajets'],
      rate: 40,
      duration: 1,
      connections: 2,
    });
    assert.ok(views.answered > 0);
    assert.equal(views.accepted, views.answered, JSON.stringify(views.statuses));
    const vitals = await call(server.base, 'POST', `${api}/page-events`, {
      body: { type: 'vitals', path: '/fr/colis', lcp: 1800, inp: 90, cls: 0.02, ttfb: 250 },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile', 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(vitals.status, 204);
    // Written within seconds (the batch writer), on PostgreSQL.
    const deadline = Date.now() + 10_000;
    while ((await today()) < before + views.accepted && Date.now() < deadline) await sleep(250);
    assert.equal(await today(), before + views.accepted);
    const metrics = await call(server.base, 'GET', '/metrics', { token: metricsToken });
    assert.match(metrics.text, /colibri_page_events_total\{type="view",outcome="counted"\} \d+/);
    for (const name of [
      'colibri_web_vitals_lcp_seconds',
      'colibri_web_vitals_inp_seconds',
      'colibri_web_vitals_cls',
      'colibri_web_vitals_ttfb_seconds',
    ])
      assert.ok(metrics.text.includes(`${name}_count{template="/colis",device="mobile"} 1`), name);
    // Answered by the production server before Next: its log line names the endpoint.
    await sleep(100);
    assert.ok(requestLines(server.lines).some((l) => l.route === `${api}/page-events` && l.status === 204));
  });
});

describe('logs', () => {
  test('sign-in, phone code, password change and a bearer call leave no secret in the log', async () => {
    const secrets = [demoPassword];
    const sender = await signIn(server.base, 'sender@demo.colibri.tn');
    secrets.push(sender.token, ...sender.cookieValues);
    const bearer = await call(server.base, 'GET', `${api}/auth/session`, { token: sender.token });
    assert.equal(bearer.json.data.id, sender.id);

    const newcomer = await signIn(server.base, 'newcomer@demo.colibri.tn');
    secrets.push(newcomer.token, ...newcomer.cookieValues);
    const phone = '+21620123987';
    const sent = await call(server.base, 'POST', `${api}/users/${newcomer.id}/confirm-phone`, {
      cookie: newcomer.cookie,
      body: { phone },
    });
    assert.equal(sent.status, 200, sent.text);
    // The text message is a job of the server: it lands in the outbox soon after the answer.
    const outbox = path.join(dataDir, 'outbox');
    let sms;
    for (let i = 0; i < 75 && !sms; i += 1) {
      sms = (existsSync(outbox) ? readdirSync(outbox) : [])
        .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')))
        .filter((m) => m.channel === 'sms' && m.to === phone)
        .at(-1);
      if (!sms) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(sms, 'the code was sent');
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
    assert.ok(code, sms.text);
    secrets.push(code);
    const validated = await call(server.base, 'POST', `${api}/users/${newcomer.id}/validate-code`, {
      cookie: newcomer.cookie,
      body: { confirmationPhoneCode: Number(code) },
    });
    assert.equal(validated.status, 200, validated.text);

    const newPassword = 'Ops-new-pass-77';
    secrets.push(newPassword);
    const changed = await call(server.base, 'POST', `${api}/me/password`, {
      token: newcomer.token,
      body: { currentPassword: demoPassword, password: newPassword, confirmPassword: newPassword },
    });
    assert.equal(changed.status, 200, changed.text);
    // A wrong password and a failed call are logged too: still no secret.
    const wrong = await call(server.base, 'POST', `${api}/auth/sign-in`, {
      body: { email: 'traveller@demo.colibri.tn', password: 'Wrong-pass-123' },
    });
    assert.equal(wrong.status, 401);
    secrets.push('Wrong-pass-123');

    await sleep(200);
    const text = server.lines.join('\n') + server.errors.join('');
    for (const secret of secrets) {
      assert.ok(secret && secret.length >= 6, 'a secret to look for');
      assert.ok(!text.includes(secret), `the log holds a secret (${secret.slice(0, 3)}…)`);
    }
    // The lines are there, with the member once signed in.
    const lines = requestLines(server.lines);
    const passwordLine = lines.find((l) => l.route === `${api}/me/password`);
    assert.equal(passwordLine?.memberId, newcomer.id);
    assert.equal(passwordLine?.status, 200);
    assert.ok(lines.some((l) => l.route === `${api}/users/{userId}/validate-code` && l.memberId === newcomer.id));
    assert.ok(lines.some((l) => l.route === `${api}/auth/session` && l.memberId === sender.id));
    // Restores the demo password for the tests that follow.
    const back = await call(server.base, 'POST', `${api}/me/password`, {
      token: newcomer.token,
      body: { currentPassword: newPassword, password: demoPassword, confirmPassword: demoPassword },
    });
    assert.equal(back.status, 200, back.text);
  });
});

describe('a PostgreSQL outage', () => {
  test('cached pages still served, the API says 503 with Retry-After, and all recovers after', async () => {
    const publicPages = ['/fr', '/fr/colis', '/en/trajets'];
    // Warm: the pages enter Next's cache and the page cache.
    for (const page of publicPages) assert.equal((await call(server.base, 'GET', page)).status, 200, page);
    const sender = await signIn(server.base, 'sender@demo.colibri.tn');

    postgres.suspend();
    const seen = { pages: [], api: [], ready: [] };
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      for (const page of publicPages) {
        const t0 = Date.now();
        seen.pages.push((await call(server.base, 'GET', page)).status);
        seen.slowest = Math.max(seen.slowest ?? 0, Date.now() - t0);
      }
      for (const [method, url, options] of [
        ['GET', `${api}/packages`, {}],
        ['GET', `${api}/me`, { cookie: sender.cookie }],
        ['POST', `${api}/auth/sign-in`, { body: { email: 'traveller@demo.colibri.tn', password: demoPassword } }],
      ]) {
        const t0 = Date.now();
        seen.api.push(await call(server.base, method, url, options));
        seen.slowestApi = Math.max(seen.slowestApi ?? 0, Date.now() - t0);
      }
      seen.ready.push((await call(server.base, 'GET', '/readyz')).status);
      await sleep(500);
    }
    // A member page that must read the database answers (the error page), it does not hang.
    const memberPage = await Promise.race([
      call(server.base, 'GET', '/fr/mon-dashboard', { cookie: sender.cookie }).then((answer) => answer.status),
      sleep(10_000).then(() => 'hung'),
    ]);
    const scraped = await call(server.base, 'GET', '/metrics', { token: metricsToken });
    postgres.resume();
    assert.notEqual(memberPage, 'hung');
    assert.notEqual(memberPage, 200);
    assert.match(scraped.text, /^colibri_database_up 0$/m);
    assert.match(scraped.text, /^colibri_database_unreachable_total [1-9]\d*$/m);

    // Requests flowed the whole time (each round is a few hundred ms on an idle machine).
    assert.ok(
      seen.ready.length >= 5,
      `${seen.ready.length} rounds, slowest page ${seen.slowest} ms, API ${seen.slowestApi} ms`,
    );
    assert.ok(seen.slowestApi < 10_000, `an API call took ${seen.slowestApi} ms`);
    assert.deepEqual([...new Set(seen.pages)], [200], 'public pages while the database was down');
    assert.deepEqual([...new Set(seen.ready)], [503]);
    for (const answer of seen.api) {
      assert.equal(answer.status, 503, answer.text.slice(0, 200));
      assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(answer.json.success, false);
      assert.equal(answer.json.error.code, 'SERVICE_UNAVAILABLE');
      assert.ok(answer.json.error.retryAfter > 0);
      assert.equal(answer.headers.get('retry-after'), String(answer.json.error.retryAfter));
      assert.ok(answer.json.error.message.length > 0);
    }

    // Back without a restart: readiness, sign-in, a new listing, a message.
    const deadline = Date.now() + 20_000;
    while ((await call(server.base, 'GET', '/readyz')).status !== 200) {
      assert.ok(Date.now() < deadline, 'not ready again');
      await sleep(250);
    }
    const again = await signIn(server.base, 'sender@demo.colibri.tn');
    const created = await call(server.base, 'POST', `${api}/packages`, {
      cookie: again.cookie,
      body: {
        name: 'Après la panne',
        description: 'Un carton',
        from: { city: 'Tunis' },
        to: { city: 'Paris' },
        startedAt: soon(5),
        endedAt: soon(9),
        weightKg: 4,
        pricePerKg: 20,
        currency: 'TND',
      },
    });
    assert.equal(created.status, 200, created.text);
    const traveller = await signIn(server.base, 'traveller@demo.colibri.tn');
    const opened = await call(server.base, 'POST', `${api}/conversations`, {
      cookie: traveller.cookie,
      body: { listingKind: 'package', listingId: created.json.data.id, body: 'Bonjour, je pars bientôt.' },
    });
    assert.equal(opened.status, 200, opened.text);
    const sent = await call(server.base, 'POST', `${api}/conversations/${opened.json.data.id}/messages`, {
      cookie: traveller.cookie,
      body: { body: 'Toujours disponible ?' },
    });
    assert.equal(sent.status, 200, sent.text);
  });
});

/** Reads an SSE stream until `until(text)` holds or it ends; resolves with what came and whether it ended. */
function readStream(response, until) {
  return new Promise((resolve) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => {
      text += chunk;
      if (until(text)) resolve({ text, ended: false, response });
    });
    response.on('end', () => resolve({ text, ended: true, response }));
    response.on('error', () => resolve({ text, ended: true, response }));
  });
}

describe('SIGTERM', () => {
  test('/metrics is a 404 without METRICS_TOKEN; the drain finishes what is in flight and exits 0', async () => {
    const second = await startServer(basePort + 1);
    try {
      assert.equal((await call(second.base, 'GET', '/metrics', { token: metricsToken })).status, 404);
      const member = await signIn(second.base, 'traveller@demo.colibri.tn');

      // A live stream, open and greeted.
      const stream = await new Promise((resolve, reject) => {
        http
          .get(
            `${second.base}${api}/events`,
            { headers: { cookie: member.cookie, accept: 'text/event-stream' } },
            resolve,
          )
          .on('error', reject);
      });
      assert.equal(stream.statusCode, 200);
      const streamDone = readStream(stream, (text) => text.includes('event: reconnect'));

      // A request in flight: its body comes slowly, half before SIGTERM, half after.
      const body = JSON.stringify({ email: 'sender@demo.colibri.tn', password: demoPassword });
      const slow = http.request(`${second.base}${api}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const slowAnswer = new Promise((resolve, reject) => {
        slow.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode, text }));
        });
        slow.on('error', reject);
      });
      slow.write(body.slice(0, 10));
      await sleep(300);

      const signalled = Date.now();
      second.child.kill('SIGTERM');

      // The stream gets its reconnect hint, then ends.
      const streamed = await streamDone;
      assert.match(streamed.text, /retry: \d+\nevent: reconnect\n/);
      await new Promise((resolve) =>
        stream.complete ? resolve() : stream.once('end', resolve).once('close', resolve),
      );

      // New connections are refused.
      await sleep(300);
      const refused = await new Promise((resolve) => {
        const socket = net.connect(second.port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', (error) => resolve(error.code === 'ECONNREFUSED'));
      });
      assert.equal(refused, true, 'a new connection was accepted while draining');

      // The request in flight completes, 2 s after SIGTERM.
      await sleep(1700);
      slow.end(body.slice(10));
      const answer = await slowAnswer;
      assert.equal(answer.status, 200, answer.text);
      assert.equal(JSON.parse(answer.text).success, true);

      const { code } = await second.exited;
      assert.equal(code, 0);
      assert.ok(Date.now() - signalled < 30_000);
      const lines = second.lines.map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return {};
        }
      });
      assert.ok(lines.some((l) => l.msg === 'draining'));
      assert.ok(lines.some((l) => l.msg === 'stopped'));
    } finally {
      stopServer(second);
    }
  });
});
