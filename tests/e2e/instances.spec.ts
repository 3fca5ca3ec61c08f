import { expect, test } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { demo } from './helpers';
import { takeEvents, type StreamEvent } from '../event-stream';
import { smtpServer } from '../smtp-server';

// Scaled out: three production servers (the build of this run) on one PostgreSQL database and one
// S3-compatible server, as behind a load balancer, each running the jobs. What one instance writes,
// the others show: its cached lists, its photos, the live stream of a member connected to another
// (PostgreSQL's NOTIFY, lib/server/events/hub.ts). An e-mail is sent once whichever instances run;
// one killed in the middle of sending leaves it to another. E-mail goes to a local SMTP server.

const root = path.resolve(__dirname, '..', '..');
const port = Number(process.env.E2E_PORT ?? 3100);
type Instance = { port: number; base: string; process?: ChildProcess; dataDir: string };
const instances: Instance[] = [port + 2, port + 3, port + 5].map((p, i) => ({
  port: p,
  base: `http://localhost:${p}`,
  dataDir: mkdtempSync(path.join(os.tmpdir(), `colibri-instance-${i}-`)),
}));
let postgres: { url: string; stop(): void } | undefined;
let s3: { env: Record<string, string>; endpoint: string; bucket: string; stop(): void } | undefined;
let smtp: Awaited<ReturnType<typeof smtpServer>> | undefined;

/** The end of an instance's log (its data directory keeps it), for a failure's message. */
const logTail = (instance: Instance) =>
  readFileSync(path.join(instance.dataDir, 'server.log'), 'utf8').split('\n').slice(-30).join('\n');

async function start(instance: Instance) {
  const log = openSync(path.join(instance.dataDir, 'server.log'), 'a');
  instance.process = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...s3!.env,
      PORT: String(instance.port),
      DATA_DIR: instance.dataDir,
      DATABASE_URL: postgres!.url,
      SEED: 'demo',
      SITE_URL: 'http://localhost:3000',
      SMTP_URL: smtp!.url,
      // A job whose worker died is tried again after this long (the SIGKILL test waits for it).
      JOBS_EXPIRE_SECONDS: '5',
    },
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${instance.base}/readyz`).then(
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

async function stop(instance: Instance) {
  const child = instance.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function api(instance: Instance, method: string, pathname: string, cookie?: string, body?: unknown) {
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

const signIn = async (instance: Instance, email: string) =>
  (await api(instance, 'POST', '/auth/sign-in', undefined, { email, password: demo.password })).cookie;

/** Signs up a new address through `instance`: its confirmation e-mail is a job. */
const signUp = (instance: Instance, email: string) =>
  api(instance, 'POST', '/auth/sign-up', undefined, {
    firstname: 'Rim',
    lastname: 'Gharbi',
    email,
    password: demo.password,
    confirmPassword: demo.password,
    birthDate: '1990-04-04',
    acceptTerms: true,
  });

const mailsTo = (email: string) => smtp!.accepted.filter((to) => to.includes(email)).length;

/** The process holding the local TCP port `localPort` (Linux: /proc/net/tcp*, then each instance's sockets). */
function instanceUsing(localPort: number): Instance | undefined {
  const hex = localPort.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hex}`)) inodes.add(fields[9]!);
    }
  }
  return instances.find((instance) => {
    const pid = instance.process?.pid;
    if (!pid) return false;
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

/** What the live stream's events carry that these tests read. */
type Heard = { message?: { id: string; body: string } };

/** A member's live stream on an instance: the events it hears, as they come. */
function listen(instance: Instance, cookie: string, lastEventId?: string) {
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
  const { startS3Server } = await import('../../scripts/s3-server.mjs');
  postgres = await startPostgres();
  s3 = await startS3Server();
  smtp = await smtpServer();
  // Together, as a deploy starts them: the deploy lock lets one migrate and seed the empty database.
  await Promise.all(instances.map(start));
});

test.afterAll(async () => {
  for (const instance of instances) await stop(instance);
  smtp?.close();
  s3?.stop();
  postgres?.stop();
});

test('a listing published through one instance is on the other’s cached home page at once', async () => {
  const [a, b] = instances as [Instance, Instance];
  // The home page lists the latest parcels first (the list sorts by departure, and the demo's open
  // listings left before today). Warm: Next's cache and the page cache.
  for (let i = 0; i < 3; i++) await fetch(`${b.base}/fr`);
  expect((await fetch(`${b.base}/fr`)).headers.get('x-page-cache')).toBe('HIT');
  const cookie = await signIn(a, demo.sender);
  const day = 86400_000;
  const { data } = await api(a, 'POST', '/packages', cookie, {
    name: 'Instances',
    from: { city: 'Monastir' },
    to: { city: 'Lille' },
    startedAt: new Date(Date.now() + 3600_000).toISOString(),
    endedAt: new Date(Date.now() + 2 * day).toISOString(),
    weightKg: 2,
    pricePerKg: 9,
    currency: 'EUR',
  });
  await expect
    .poll(async () => (await (await fetch(`${b.base}/fr`)).text()).includes(`/fr/colis/${data.id}`), {
      timeout: 10_000,
    })
    .toBe(true);
});

test('a photo uploaded through A is served by B and C, and gone from all three and the bucket after a delete through C', async () => {
  const [a, b, c] = instances as [Instance, Instance, Instance];
  const cookie = await signIn(a, demo.sender);
  const day = 86400_000;
  const { data: parcel } = await api(a, 'POST', '/packages', cookie, {
    name: 'Photo partagée',
    from: { city: 'Nabeul' },
    to: { city: 'Nice' },
    startedAt: new Date(Date.now() + 4 * day).toISOString(),
    endedAt: new Date(Date.now() + 6 * day).toISOString(),
    weightKg: 1,
    pricePerKg: 7,
    currency: 'EUR',
  });
  const form = new FormData();
  form.append('images', new Blob([readFileSync(path.join(root, 'public', 'og.png'))], { type: 'image/png' }), 'p.png');
  const uploaded = await fetch(`${a.base}/api/user/v1/packages/${parcel.id}/images`, {
    method: 'POST',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const key: string = (await uploaded.json()).data[0].key;
  const bytes = await Promise.all(
    [a, b, c].map(async (instance) => {
      const response = await fetch(`${instance.base}/uploads/${key}`);
      expect(response.status, instance.base).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
      return Buffer.from(await response.arrayBuffer());
    }),
  );
  expect(bytes[0]!.length).toBeGreaterThan(0);
  expect(bytes[1]!.equals(bytes[0]!) && bytes[2]!.equals(bytes[0]!)).toBe(true);

  const bucket = new S3Client({
    endpoint: s3!.endpoint,
    region: s3!.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3!.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3!.env.S3_SECRET_ACCESS_KEY! },
  });
  const inBucket = async () =>
    (await bucket.send(new ListObjectsV2Command({ Bucket: s3!.bucket, Prefix: `public/packages/${parcel.id}/` })))
      .KeyCount ?? 0;
  expect(await inBucket()).toBe(3); // three widths

  await api(c, 'DELETE', `/packages/${parcel.id}`, cookie);
  // The files go with a job enqueued by the delete, which any instance may run.
  await expect.poll(inBucket, { timeout: 20_000 }).toBe(0);
  for (const instance of [a, b, c]) expect((await fetch(`${instance.base}/uploads/${key}`)).status).toBe(404);
  bucket.destroy();
});

test('an e-mail caused through A is sent once while the three instances run jobs', async () => {
  const email = `once-${Date.now()}@test.colibri.tn`;
  await signUp(instances[0]!, email);
  await expect.poll(() => mailsTo(email), { timeout: 20_000 }).toBe(1);
  await new Promise((r) => setTimeout(r, 4000)); // a second copy would come now
  expect(mailsTo(email)).toBe(1);
});

test('an instance killed (SIGKILL) in the middle of sending an e-mail leaves it to another, sent once', async () => {
  test.setTimeout(120_000);
  const email = `killed-${Date.now()}@test.colibri.tn`;
  smtp!.state.slow = true;
  try {
    await signUp(instances[0]!, email);
    await expect.poll(() => smtp!.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sending = instanceUsing(smtp!.held[0]!.remotePort!);
    expect(sending, 'the sending connection belongs to one of the instances').toBeDefined();
    await stop(sending!);
  } finally {
    smtp!.state.slow = false;
  }
  // The job expires with its worker (JOBS_EXPIRE_SECONDS) and another instance sends it.
  await expect.poll(() => mailsTo(email), { timeout: 60_000 }).toBe(1);
  await new Promise((r) => setTimeout(r, 4000));
  expect(mailsTo(email)).toBe(1);
  for (const instance of instances) if (instance.process?.signalCode === 'SIGKILL') await start(instance);
});

test('a message sent through one instance reaches a stream on the other; restarted, it serves what was missed', async () => {
  const [a, b] = instances as [Instance, Instance];
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
