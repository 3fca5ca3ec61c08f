import { expect, test } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demo } from './helpers';
import { takeEvents, type StreamEvent } from '../event-stream';

// Scaled out: two production servers (the build of this run) on one PostgreSQL database, as behind
// a load balancer. What one instance writes, the other shows: its cached lists, and the live stream
// of a member connected to it (PostgreSQL's NOTIFY, lib/server/events/hub.ts). An instance that restarts
// serves its members what they missed, from their Last-Event-ID.

const root = path.resolve(__dirname, '..', '..');
const firstPort = Number(process.env.E2E_PORT ?? 3100) + 2;
const instances: { port: number; base: string; process?: ChildProcess; dataDir: string }[] = [0, 1].map((i) => ({
  port: firstPort + i,
  base: `http://localhost:${firstPort + i}`,
  dataDir: mkdtempSync(path.join(os.tmpdir(), `colibri-instance-${i}-`)),
}));
let postgres: { url: string; stop(): void } | undefined;

/** The end of an instance's log (its data directory keeps it), for a failure's message. */
const logTail = (instance: (typeof instances)[number]) =>
  readFileSync(path.join(instance.dataDir, 'server.log'), 'utf8').split('\n').slice(-30).join('\n');

async function start(instance: (typeof instances)[number]) {
  const log = openSync(path.join(instance.dataDir, 'server.log'), 'a');
  instance.process = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(instance.port),
      DATA_DIR: instance.dataDir,
      DATABASE_URL: postgres!.url,
      SEED: 'demo',
      SITE_URL: 'http://localhost:3000',
    },
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${instance.base}/api/user/v1/places?q=tunis`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    const exited = instance.process.exitCode !== null;
    if (exited || i > 400) {
      throw new Error(
        `the instance on ${instance.port} ${exited ? 'exited' : 'did not start'}; its log ends:\n${logTail(instance)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function stop(instance: (typeof instances)[number]) {
  const child = instance.process;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function api(
  instance: (typeof instances)[number],
  method: string,
  pathname: string,
  cookie?: string,
  body?: unknown,
) {
  const response = await fetch(`${instance.base}/api/user/v1${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  expect(json.success, `${method} ${pathname}: ${JSON.stringify(json)}`).toBe(true);
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { data: json.data, cookie: cookies };
}

const signIn = async (instance: (typeof instances)[number], email: string) =>
  (await api(instance, 'POST', '/auth/sign-in', undefined, { email, password: demo.password })).cookie;

/** What the live stream's events carry that these tests read. */
type Heard = { message?: { id: string; body: string } };

/** A member's live stream on an instance: the events it hears, as they come. */
function listen(instance: (typeof instances)[number], cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const events: StreamEvent<Heard>[] = [];
  const done = (async () => {
    const response = await fetch(`${instance.base}/api/user/v1/events`, {
      headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      const taken = takeEvents<Heard>(buffer + decoder.decode(value, { stream: true }));
      buffer = taken.rest;
      events.push(...taken.events);
    }
  })().catch(() => {});
  return { events, close: () => controller.abort(), done };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const { startPostgres } = await import('../../scripts/postgres.mjs');
  postgres = await startPostgres();
  // One after the other: the first migrates and seeds the empty database.
  await start(instances[0]!);
  await start(instances[1]!);
});

test.afterAll(async () => {
  for (const instance of instances) await stop(instance);
  postgres?.stop();
});

test('a listing published through one instance is on the other’s cached list at once', async () => {
  const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
  for (let i = 0; i < 3; i++) await fetch(`${b.base}/fr/colis`); // warm: Next's cache and the page cache
  expect((await fetch(`${b.base}/fr/colis`)).headers.get('x-page-cache')).toBe('HIT');
  const cookie = await signIn(a, demo.sender);
  const day = 86400_000;
  const { data } = await api(a, 'POST', '/packages', cookie, {
    name: 'Instances',
    from: { city: 'Monastir' },
    to: { city: 'Lille' },
    // The earliest departure on the list, so that it is on its first page.
    startedAt: new Date(Date.now() + 3600_000).toISOString(),
    endedAt: new Date(Date.now() + 2 * day).toISOString(),
    weightKg: 2,
    pricePerKg: 9,
    currency: 'EUR',
  });
  await expect
    .poll(async () => (await (await fetch(`${b.base}/fr/colis`)).text()).includes(`/fr/colis/${data.id}`), {
      timeout: 10_000,
    })
    .toBe(true);
});

test('a message sent through one instance reaches a stream on the other; restarted, it serves what was missed', async () => {
  const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
  const sender = await signIn(a, demo.sender);
  const traveller = await signIn(b, demo.traveller);
  const day = 86400_000;
  const trip = (
    await api(b, 'POST', '/travels', traveller, {
      from: { city: 'Djerba' },
      to: { city: 'Toulouse' },
      startedAt: new Date(Date.now() + 5 * day).toISOString(),
      endedAt: new Date(Date.now() + 6 * day).toISOString(),
      pricePerKg: 8,
      currency: 'EUR',
      travelType: 'plane',
    })
  ).data;

  const stream = listen(b, traveller);
  await new Promise((r) => setTimeout(r, 500));
  const first = `Bonjour depuis l’instance A ${Date.now()}`;
  const started = Date.now();
  const opened = (
    await api(a, 'POST', '/conversations', sender, { listingKind: 'travel', listingId: trip.id, body: first })
  ).data;
  await expect.poll(() => stream.events.some((e) => e.data.message?.body === first), { timeout: 2000 }).toBe(true);
  const latency = Date.now() - started;
  const lastSeen = stream.events.at(-1)!.id;
  stream.close();

  // Instance B goes down; meanwhile two messages are sent through A; B comes back.
  await stop(b);
  const missed = [`Premier pendant la panne ${Date.now()}`, `Second pendant la panne ${Date.now()}`];
  for (const body of missed) await api(a, 'POST', `/conversations/${opened.id}/messages`, sender, { body });
  await start(b);
  const again = listen(b, traveller, lastSeen);
  await expect.poll(() => again.events.filter((e) => e.event === 'message').length, { timeout: 5000 }).toBe(2);
  await new Promise((r) => setTimeout(r, 500));
  again.close();
  const bodies = again.events.filter((e) => e.event === 'message').map((e) => e.data.message!.body);
  expect(bodies).toEqual(missed);
  expect(latency).toBeLessThan(2000);
});
