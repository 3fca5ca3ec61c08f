// Members who are away (issue 23), against a real database: notification settings, unread messages
// by e-mail (a controlled clock moves time), and web push end to end against a stand-in push service
// that decrypts what it receives with the subscription's keys (RFC 8291, aes128gcm) and checks the
// VAPID signature (RFC 8292). On PostgreSQL, three worker processes still send one e-mail.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/away.test.ts
//   (and with DATABASE_URL for the PostgreSQL part)
import { after, afterEach, before, describe, mock, test } from 'node:test';
import dns from 'node:dns';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { call, deleteListingsOf, drainJobs, lastOutbox, mailsTo, member } from './helpers';
import { newPackage, type Member } from './member-fixtures';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { messages, pushSubscriptions } from '@/lib/server/db/schema';
import { setClock } from '@/lib/server/clock';
import { enqueue } from '@/lib/server/jobs/queue';
import { deliverPush, quietUntil, shouldNotify, subscribePush } from '@/lib/server/notify';
import { postToPushService } from '@/lib/server/notify/push-hosts';
import { GET as getMe, PATCH as patchMe } from '@/app/api/user/v1/me/route';
import { POST as openConversation } from '@/app/api/user/v1/conversations/route';
import { POST as sendMessage } from '@/app/api/user/v1/conversations/[id]/messages/route';
import { GET as events } from '@/app/api/user/v1/events/route';
import { GET as pushKey } from '@/app/api/user/v1/push/key/route';
import { POST as subscribe, DELETE as unsubscribe } from '@/app/api/user/v1/push/subscriptions/route';
import { POST as pushShown } from '@/app/api/user/v1/push/shown/route';
import { PUT as block } from '@/app/api/user/v1/users/[userId]/block/route';
import { POST as confirmPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';
import { POST as validateCode } from '@/app/api/user/v1/users/[userId]/validate-code/route';
import { worker } from './worker-process';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The clock, `minutes` after the real time. */
const later = (minutes: number) => setClock(new Date(Date.now() + minutes * MINUTE));

let owner: Member; // publishes the parcel, receives the messages
let contact: Member; // writes about it
const made: Member[] = [];

let phoneCount = 0;
async function verifyPhone(m: Member) {
  const phone = `+2165${String((process.pid * 100 + 50 + ++phoneCount) % 1e7).padStart(7, '0')}`;
  await call(confirmPhone, { params: { userId: m.userId }, body: { phone }, cookie: m.cookie });
  const code = Number(/\b(\d{6})\b/.exec(lastOutbox(phone)!.text)![1]);
  const ok = await call(validateCode, {
    params: { userId: m.userId },
    body: { confirmationPhoneCode: code },
    cookie: m.cookie,
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
}

async function someone(label: string, firstname: string) {
  const m = await member(label);
  made.push(m);
  assert.equal((await call(patchMe, { cookie: m.cookie, method: 'PATCH', body: { firstname } })).status, 200);
  return m;
}

/** A new conversation of `from` about a new parcel of `to`, opened with `body`. */
async function conversation(to: Member, from: Member, body: string): Promise<string> {
  const listingId = await newPackage(to, { from: { city: 'Sfax' }, to: { city: 'Paris' } });
  const opened = await call(openConversation, {
    cookie: from.cookie,
    body: { listingKind: 'package', listingId, body },
  });
  assert.equal(opened.status, 200, JSON.stringify(opened.json));
  return opened.json.data.id as string;
}

const unreadMails = (m: Member, conversationId: string) =>
  mailsTo(m.email).filter((mail) => mail.text.includes(`conversation=${conversationId}`));

before(async () => {
  await migrateDb();
  owner = await someone('away-owner', 'Salma');
  contact = await someone('away-contact', 'Karim');
  await verifyPhone(owner);
});
afterEach(() => setClock(null));
after(async () => {
  await deleteListingsOf(...made.map((m) => m.userId));
  await closeDb();
});

describe('notification settings', () => {
  test('defaults, a change per kind and channel, quiet hours, and refusals beside the field', async () => {
    const m = await someone('away-settings', 'Nour');
    const first = (await call(getMe, { cookie: m.cookie })).json.data.notifications;
    assert.deepEqual(first, {
      email: { messages: true, proposals: true, deals: true, alerts: true, newsletter: true },
      push: { messages: true, proposals: true, deals: true },
      quietHours: { enabled: true, from: '22:00', to: '08:00', timeZone: 'Africa/Tunis' },
    });
    const changed = await call(patchMe, {
      cookie: m.cookie,
      method: 'PATCH',
      body: { notifications: { email: { alerts: false }, push: { messages: false }, quietHours: { from: '23:30' } } },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    assert.equal(changed.json.data.notifications.email.alerts, false);
    assert.equal(changed.json.data.notifications.push.messages, false);
    assert.equal(changed.json.data.notifications.quietHours.from, '23:30');
    assert.equal((await shouldNotify(m.userId, 'alerts', 'email')).send, false);
    assert.equal((await shouldNotify(m.userId, 'messages', 'email')).send, true);
    assert.equal((await shouldNotify(m.userId, 'newsletter', 'push')).send, false, 'no push channel for it');
    for (const notifications of [
      { quietHours: { from: '25:00' } },
      { quietHours: { timeZone: 'Mars/Olympus' } },
      { push: { newsletter: true } },
    ]) {
      const refused = await call(patchMe, { cookie: m.cookie, method: 'PATCH', body: { notifications } });
      assert.equal(refused.status, 400, JSON.stringify(notifications));
      assert.equal(refused.json.error?.code, 'VALIDATION_FAILED');
    }
    const fields =
      (
        await call(patchMe, {
          cookie: m.cookie,
          method: 'PATCH',
          body: { notifications: { quietHours: { to: '8h' } } },
        })
      ).json.error?.fields ?? {};
    assert.ok((fields as Record<string, string>)['notifications.quietHours.to'], JSON.stringify(fields));
  });

  test('quiet hours hold pushes until they end, in the member’s time zone; e-mails never wait', async () => {
    const quiet = { enabled: true, from: 22 * 60, to: 8 * 60, timeZone: 'Africa/Tunis' };
    // Tunis is UTC+1 all year.
    assert.equal(quietUntil(quiet, new Date('2026-11-26T22:30:00Z'))?.toISOString(), '2026-11-27T07:00:00.000Z');
    assert.equal(quietUntil(quiet, new Date('2026-11-26T05:15:00Z'))?.toISOString(), '2026-11-26T07:00:00.000Z');
    assert.equal(quietUntil(quiet, new Date('2026-11-26T12:00:00Z')), null);
    assert.equal(quietUntil({ ...quiet, enabled: false }, new Date('2026-11-26T22:30:00Z')), null);
    const m = await someone('away-quiet', 'Amel');
    const night = new Date('2026-11-26T22:30:00Z');
    assert.deepEqual(await shouldNotify(m.userId, 'messages', 'push', night), {
      send: false,
      until: new Date('2026-11-27T07:00:00Z'),
    });
    assert.deepEqual(await shouldNotify(m.userId, 'messages', 'email', night), { send: true });
  });
});

describe('unread messages by e-mail', () => {
  test('one e-mail after the delay, coalescing the messages, with the sender’s first name, the listing, the lines and the link; then at most one an hour', async () => {
    const id = await conversation(owner, contact, 'Bonjour, votre colis part toujours samedi ?');
    await call(sendMessage, {
      cookie: contact.cookie,
      params: { id },
      body: { body: 'Je peux le prendre à Sfax.\nJ’ai 5 kg de libre.' },
    });
    later(5);
    await drainJobs();
    assert.equal(unreadMails(owner, id).length, 0, 'not before 10 minutes');
    later(11);
    await drainJobs();
    const mails = unreadMails(owner, id);
    assert.equal(mails.length, 1, 'one e-mail for both messages');
    const mail = mails[0]!;
    assert.match(mail.subject, /Karim/);
    assert.match(mail.text, /Bonjour Salma/);
    assert.match(mail.text, /Sfax → Paris/);
    assert.match(mail.text, /votre colis part toujours samedi/);
    assert.match(mail.text, /Je peux le prendre à Sfax/);
    assert.match(mail.text, new RegExp(`/fr/messagerie\\?conversation=${id}`));
    assert.equal(unreadMails(contact, id).length, 0, 'the writer gets nothing');
    later(12);
    await drainJobs();
    assert.equal(unreadMails(owner, id).length, 1, 'still one');

    // A later message: its e-mail waits for the hour since the last one.
    setClock(null);
    await call(sendMessage, { cookie: contact.cookie, params: { id }, body: { body: 'Vous êtes là ?' } });
    later(30);
    await drainJobs();
    assert.equal(unreadMails(owner, id).length, 1, 'not within the hour');
    later(75);
    await drainJobs();
    const next = unreadMails(owner, id);
    assert.equal(next.length, 2);
    assert.match(next[1]!.text, /Vous êtes là/);
    assert.doesNotMatch(next[1]!.text, /samedi/, 'only what the first e-mail did not cover');
  });

  test('none when the recipient had a live stream open meanwhile', async () => {
    const stream = new AbortController();
    const listening = await call(events, { cookie: owner.cookie, keepStream: true, signal: stream.signal });
    const id = await conversation(owner, contact, 'Message vu en direct');
    await sleep(200);
    stream.abort();
    await listening.response.body?.cancel().catch(() => {});
    await sleep(200);
    later(11);
    await drainJobs();
    assert.equal(unreadMails(owner, id).length, 0);
  });

  test('none when the recipient switched message e-mails off', async () => {
    const m = await someone('away-off', 'Hela');
    await verifyPhone(m);
    await call(patchMe, { cookie: m.cookie, method: 'PATCH', body: { notifications: { email: { messages: false } } } });
    const id = await conversation(m, contact, 'Personne ne lira cet e-mail');
    later(11);
    await drainJobs();
    assert.equal(unreadMails(m, id).length, 0);
  });

  test('none from a sender the recipient blocked after the message came', async () => {
    const m = await someone('away-blocker', 'Rim');
    await verifyPhone(m);
    const id = await conversation(m, contact, 'Un message de trop');
    const blocked = await call(block, { params: { userId: contact.userId }, cookie: m.cookie, method: 'PUT' });
    assert.equal(blocked.status, 200, JSON.stringify(blocked.json));
    later(11);
    await drainJobs();
    assert.equal(unreadMails(m, id).length, 0);
  });

  test('none once the message was read', async () => {
    const id = await conversation(owner, contact, 'Lu à temps');
    const db = await getDb();
    await db.update(messages).set({ status: 'read' }).where(eq(messages.conversationId, id));
    later(11);
    await drainJobs();
    assert.equal(unreadMails(owner, id).length, 0);
  });
});

// ---------------------------------------------------------------- web push

type Received = { path: string; payload: unknown; authorization: string; ttl: string | undefined };

/** A push service stand-in: answers each endpoint as told, decrypts what it receives (RFC 8291). */
async function pushService() {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const browser = browsers.get(request.url!);
      if (!browser) return response.writeHead(404).end();
      if (browser.status === 201)
        received.push({
          path: request.url!,
          payload: JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth)),
          authorization: String(request.headers.authorization),
          ttl: request.headers.ttl as string | undefined,
        });
      response.writeHead(browser.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
    /** A browser's subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
    browser(name: string, status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(`/push/${name}`, { ecdh, auth, status });
      return {
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
  };
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, whose padding ends at its 0x02 delimiter. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT signed ES256 by k>, k=<public key>`, for the push service's origin. */
function checkVapid(authorization: string, origin: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  assert.ok(match, authorization);
  assert.equal(match[2], publicKey);
  const [header, claims, signature] = match[1]!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  assert.ok(ok, 'the JWT is signed by the VAPID key');
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  assert.equal(body.aud, origin);
  assert.match(body.sub, /^(mailto:|https:)/);
}

describe('web push', () => {
  let service: Awaited<ReturnType<typeof pushService>>;
  before(async () => {
    service = await pushService();
  });
  after(async () => {
    await service.close();
  });
  /** Noon in Tunis: outside the default quiet hours. */
  const noon = () => {
    const d = new Date();
    d.setUTCHours(11, 0, 0, 0);
    if (d.getTime() < Date.now()) d.setUTCDate(d.getUTCDate() + 1);
    return d;
  };

  test('the API: the key, an https subscription, refusals, unsubscribing', async () => {
    const m = await someone('away-push-api', 'Rim');
    const key = await call(pushKey, { cookie: m.cookie });
    assert.equal(key.status, 200);
    assert.match(key.json.data.publicKey, /^[A-Za-z0-9_-]{87}$/);
    assert.equal((await call(pushKey, { cookie: m.cookie })).json.data.publicKey, key.json.data.publicKey, 'kept');
    const browser = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: service.browser('api').keys };
    assert.equal((await call(subscribe, { cookie: m.cookie, body: browser })).status, 200);
    for (const bad of [
      { ...browser, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' },
      // Only the push services' hosts (issue 33): the push job posts from the server's own network.
      { ...browser, endpoint: 'https://push.example.net/send/abc' },
      { ...browser, endpoint: 'https://10.0.0.7/send/abc' },
      { ...browser, endpoint: 'https://localhost:8443/send/abc' },
      { ...browser, keys: { ...browser.keys, p256dh: 'short' } },
    ]) {
      const refused = await call(subscribe, { cookie: m.cookie, body: bad });
      assert.equal(refused.status, 400, JSON.stringify(bad));
      assert.ok(
        refused.json.error!.fields!.endpoint || refused.json.error!.fields!['keys.p256dh'],
        JSON.stringify(bad),
      );
    }
    const db = await getDb();
    const rows = () => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.userId));
    assert.equal((await rows()).length, 1);
    assert.equal(
      (await call(unsubscribe, { cookie: m.cookie, method: 'DELETE', body: { endpoint: browser.endpoint } })).status,
      200,
    );
    assert.equal((await rows()).length, 0);
  });

  test('a new message arrives at the browser, decrypted with its keys, signed with VAPID; a 410 deletes that subscription', async () => {
    const m = await someone('away-push', 'Sami');
    await verifyPhone(m);
    // Whatever the hour of the run: no quiet hours for this member.
    await call(patchMe, {
      cookie: m.cookie,
      method: 'PATCH',
      body: { notifications: { quietHours: { enabled: false } } },
    });
    const phone = service.browser(`phone-${m.userId}`);
    const gone = service.browser(`gone-${m.userId}`, 410);
    await subscribePush(m.userId, phone);
    await subscribePush(m.userId, gone);
    const id = await conversation(m, contact, 'Bonjour Sami,\ntoujours d’accord pour samedi ?');
    await drainJobs();
    const got = service.received.filter((r) => r.path === `/push/phone-${m.userId}`);
    assert.equal(got.length, 1);
    assert.deepEqual(got[0]!.payload, {
      title: 'Nouveau message de Karim',
      body: 'Bonjour Sami,',
      url: `/fr/messagerie?conversation=${id}`,
      tag: `conversation:${id}`,
    });
    assert.equal(got[0]!.ttl, '86400');
    const publicKey = (await call(pushKey, { cookie: m.cookie })).json.data.publicKey as string;
    checkVapid(got[0]!.authorization, service.origin, publicKey);
    const db = await getDb();
    const left = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.userId));
    assert.deepEqual(
      left.map((s) => s.endpoint),
      [phone.endpoint],
      'the subscription the service answered 410 for is gone',
    );

    // Shown by the service worker: that conversation's unread e-mail is not sent as well.
    assert.equal((await call(pushShown, { cookie: m.cookie, body: { tag: `conversation:${id}` } })).status, 200);
    later(11);
    await drainJobs();
    assert.equal(unreadMails(m, id).length, 0, 'push shown, no e-mail');
  });

  test('a push service whose name resolves to a private address gets nothing; a stored non-service endpoint is dropped', async () => {
    const m = await someone('away-push-private', 'Nadia');
    await call(patchMe, {
      cookie: m.cookie,
      method: 'PATCH',
      body: { notifications: { quietHours: { enabled: false } } },
    });
    const keys = service.browser(`private-${m.userId}`).keys;
    await subscribePush(m.userId, { endpoint: 'https://fcm.googleapis.com/fcm/send/rebound', keys });
    // A subscription kept from before the rule: not a push service.
    const db = await getDb();
    await db.insert(pushSubscriptions).values({
      id: `legacy-${m.userId}`,
      userId: m.userId,
      endpoint: `${service.origin.replace('127.0.0.1', 'localhost')}/push/private-${m.userId}`,
      p256dh: keys.p256dh,
      auth: keys.auth,
    });
    // The push service's name resolves to the loopback, as a rebinding DNS would answer.
    const resolved: string[] = [];
    const lookup = mock.method(
      dns,
      'lookup',
      (host: string, _options: unknown, callback: (...args: unknown[]) => void) => {
        resolved.push(host);
        callback(null, [{ address: '127.0.0.1', family: 4 }]);
      },
    );
    try {
      await assert.rejects(
        postToPushService('https://fcm.googleapis.com/fcm/send/rebound', { method: 'POST', headers: {}, body: null }),
        (error: NodeJS.ErrnoException) => error.code === 'EPRIVATEADDR',
      );
      await assert.rejects(deliverPush(m.userId, 'messages', { title: 't', body: 'b', url: '/fr', tag: 'x' }));
    } finally {
      lookup.mock.restore();
    }
    assert.ok(resolved.includes('fcm.googleapis.com'));
    assert.equal(service.received.filter((r) => r.path === `/push/private-${m.userId}`).length, 0);
    const left = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.userId));
    assert.deepEqual(
      left.map((s) => s.endpoint),
      ['https://fcm.googleapis.com/fcm/send/rebound'],
      'the stored endpoint of no push service is gone',
    );
  });

  test('quiet hours hold a push until they end', async () => {
    const m = await someone('away-push-night', 'Lina');
    await verifyPhone(m);
    await subscribePush(m.userId, service.browser(`night-${m.userId}`));
    const night = noon();
    night.setUTCHours(22, 0, 0, 0); // 23:00 in Tunis
    setClock(night);
    const id = await conversation(m, contact, 'Un message de nuit');
    await drainJobs();
    const mine = () => service.received.filter((r) => r.path === `/push/night-${m.userId}`);
    assert.equal(mine().length, 0, 'held at 23:00');
    setClock(new Date(night.getTime() + 7.5 * 60 * MINUTE)); // 06:30 in Tunis
    await drainJobs();
    assert.equal(mine().length, 0, 'still held at 06:30');
    setClock(new Date(night.getTime() + 9 * 60 * MINUTE + MINUTE)); // 08:01 in Tunis
    await drainJobs();
    assert.equal(mine().length, 1, 'sent when the quiet hours end');
    assert.equal((mine()[0]!.payload as { tag: string }).tag, `conversation:${id}`);
  });
});

// ---------------------------------------------------------------- worker processes, on PostgreSQL

if (process.env.DATABASE_URL)
  describe('unread e-mails with three worker processes on PostgreSQL', () => {
    const spawned: ChildProcess[] = [];
    after(() => {
      for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    test('many jobs for one conversation at once still send one e-mail', async () => {
      const away = await someone('away-workers', 'Yosra');
      await verifyPhone(away);
      const id = await conversation(away, contact, 'Trois travailleurs, un seul e-mail');
      const db = await getDb();
      // The message as if written 11 minutes ago; workers run on the real clock.
      await db
        .update(messages)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(and(eq(messages.conversationId, id)));
      const workers = [0, 1, 2].map(() => worker());
      spawned.push(...workers);
      for (const w of workers)
        for (let i = 0; !w.output.join('').includes('[worker] running jobs'); i += 1) {
          if (i > 300) throw new Error(w.output.join(''));
          await sleep(200);
        }
      await db.transaction(async (tx) => {
        // Distinct keys: nine jobs about one conversation, waiting at once (the app keeps one per key).
        for (let i = 0; i < 9; i += 1)
          await enqueue(tx, 'unread-mail', { conversationId: id, userId: away.userId }, { singletonKey: `${id}:${i}` });
      });
      for (let i = 0; unreadMails(away, id).length === 0; i += 1) {
        if (i > 150) throw new Error(`no e-mail: ${workers.map((w) => w.output.join('')).join('\n')}`);
        await sleep(200);
      }
      await sleep(4000); // a second e-mail would come now
      assert.equal(unreadMails(away, id).length, 1);
      for (const w of workers) w.kill('SIGTERM');
    });
  });
