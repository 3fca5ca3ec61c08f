// Attacks, as tests: each one reproduces a way in that was open, and checks that it is closed.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/security.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { adult, call, confirmationLink, lastOutbox, member, uniqueEmail } from './helpers';
import { requestLimits } from '@/lib/domain';
import { limits } from '@/lib/server/limits';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { packageImages, phoneCodes, users } from '@/lib/server/db/schema';
import { getAuth } from '@/lib/server/auth/auth';
import { outboxDir } from '@/lib/server/notify/outbox';
import { storedKeys } from './stored';
import { GET as authGet, POST as authPost } from '@/app/api/auth/[...all]/route';
import { POST as signUp } from '@/app/api/user/v1/auth/sign-up/route';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { GET as session } from '@/app/api/user/v1/auth/session/route';
import { POST as forgot } from '@/app/api/user/v1/auth/forgot-password/route';
import { POST as resendTo } from '@/app/api/user/v1/auth/resend-confirmation/route';
import { GET as getUser } from '@/app/api/user/v1/users/[userId]/route';
import { POST as confirmPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';
import { POST as validateCode } from '@/app/api/user/v1/users/[userId]/validate-code/route';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { DELETE as deletePackage } from '@/app/api/user/v1/packages/[id]/route';
import { POST as uploadImages } from '@/app/api/user/v1/packages/[id]/images/route';
import { POST as newsletter } from '@/app/api/user/v1/newsletter/route';

before(async () => {
  await migrateDb();
});
after(async () => {
  await closeDb();
});

const day = 24 * 3600 * 1000;
const parcel = {
  name: 'Cadeaux',
  from: { city: 'Tunis' },
  to: { city: 'Lyon' },
  startedAt: new Date(Date.now() + 5 * day).toISOString(),
  endedAt: new Date(Date.now() + 9 * day).toISOString(),
  weightKg: 3,
  pricePerKg: 20,
  currency: 'TND',
};
const signUpBody = (email: string) => ({
  firstname: 'Salma',
  lastname: 'Trabelsi',
  email,
  password: 'secret12',
  confirmPassword: 'secret12',
  birthDate: adult,
  acceptTerms: true,
});
/** A client address of its own, so that one test's limits do not meet another's. */
let next = 1;
const fresh = () => `192.0.2.${next++}`;

async function countUsers() {
  const [row] = await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

describe('one door for accounts', () => {
  test('better-auth’s own endpoints are closed, but for social sign-in (none configured here)', async () => {
    const before = await countUsers();
    for (const [handler, method, pathname, body] of [
      [
        authPost,
        'POST',
        '/api/auth/sign-up/email',
        { email: uniqueEmail('raw'), password: 'secret12', name: 'Kid', birthDate: '2015-01-01' },
      ],
      [authPost, 'POST', '/api/auth/update-user', { firstname: 'Hacked' }],
      [authPost, 'POST', '/api/auth/sign-in/email', { email: 'sender@demo.colibri.tn', password: 'x' }],
      [authPost, 'POST', '/api/auth/request-password-reset', { email: 'sender@demo.colibri.tn' }],
      [authGet, 'GET', '/api/auth/verify-email?token=x', undefined],
      [authPost, 'POST', '/api/auth/sign-in/social', { provider: 'google' }],
    ] as const) {
      const response = await handler(
        new Request(`http://localhost:3000${pathname}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
      assert.equal(response.status, 404, pathname);
      assert.equal((await response.json()).success, false, pathname);
    }
    assert.equal(await countUsers(), before);
  });

  test('every new account goes through the 18+ and terms rule, even when created by better-auth directly', async () => {
    const auth = await getAuth();
    const email = uniqueEmail('minor');
    await assert.rejects(
      auth.api.signUpEmail({
        body: {
          name: 'K',
          email,
          password: 'secret12',
          firstname: 'K',
          lastname: 'M',
          birthDate: '2015-01-01',
          termsAcceptedAt: new Date(),
        },
      }),
      /UNDERAGE/,
    );
    await assert.rejects(
      auth.api.signUpEmail({
        body: { name: 'K', email, password: 'secret12', firstname: 'K', lastname: 'M', birthDate: adult },
      }),
      /TERMS_NOT_ACCEPTED/,
    );
    const db = await getDb();
    assert.equal((await db.select().from(users).where(eq(users.email, email))).length, 0);
  });
});

describe('no enumeration', () => {
  test('sign-up with a taken address answers exactly like a new one; the owner gets an e-mail', async () => {
    const taken = await member('taken');
    const fresh1 = await call(signUp, { body: signUpBody(uniqueEmail('new')), address: fresh() });
    const again = await call(signUp, { body: signUpBody(taken.email), address: fresh() });
    assert.equal(again.status, fresh1.status);
    assert.deepEqual(again.json, fresh1.json);
    assert.equal(lastOutbox(taken.email)!.subject, 'Votre compte Colibri existe déjà');
  });

  test('forgot-password with an unknown address answers exactly like a known one, the second time too', async () => {
    const known = await member('known');
    const ghost = uniqueEmail('ghost');
    const address = fresh();
    const knownFirst = await call(forgot, { body: { email: known.email }, address });
    const ghostFirst = await call(forgot, { body: { email: ghost }, address });
    assert.deepEqual([ghostFirst.status, ghostFirst.json], [knownFirst.status, knownFirst.json]);
    assert.equal(knownFirst.status, 200);
    const knownSecond = await call(forgot, { body: { email: known.email }, address });
    const ghostSecond = await call(forgot, { body: { email: ghost }, address });
    // Retry-After counts from each address's own first request, a second apart at most here.
    const { retryAfter: knownWait, ...knownError } = knownSecond.json.error!;
    const { retryAfter: ghostWait, ...ghostError } = ghostSecond.json.error!;
    assert.deepEqual([ghostSecond.status, ghostError], [knownSecond.status, knownError]);
    assert.ok(Math.abs(knownWait! - ghostWait!) <= 1);
    assert.equal(knownSecond.json.error!.code, 'RESET_ALREADY_REQUESTED');
  });

  test('resend-confirmation answers alike for an unknown, an unconfirmed and a confirmed address', async () => {
    const email = uniqueEmail('pending');
    await call(signUp, { body: signUpBody(email), address: fresh() });
    const confirmed = await member('confirmed');
    const address = fresh();
    const answers = await Promise.all(
      [uniqueEmail('ghost'), email, confirmed.email].map((e) => call(resendTo, { body: { email: e }, address })),
    );
    for (const answer of answers) assert.deepEqual([answer.status, answer.json], [200, { success: true, data: null }]);
    assert.equal(confirmationLink(email).userId.length > 0, true);
    const tooSoon = await call(resendTo, { body: { email }, address });
    assert.equal(tooSoon.status, 429);
    assert.equal(tooSoon.json.error!.code, 'RESEND_TOO_SOON');
    assert.ok(Number(tooSoon.response.headers.get('retry-after')) > 0);
  });
});

describe('limits no header can dodge', () => {
  test('X-Forwarded-For is not the client: a spoofed value per request does not reset the count', async () => {
    const address = fresh();
    const max = limits.signInPerAddress.max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push(
        (
          await call(signIn, {
            body: { email: uniqueEmail('spray'), password: 'whatever1' },
            address,
            headers: { 'x-forwarded-for': `10.${i}.0.1`, 'x-real-ip': `10.${i}.0.2` },
          })
        ).status,
      );
    assert.deepEqual(statuses.slice(0, max), Array(max).fill(401));
    assert.equal(statuses[max], 429);
  });

  test('wrong passwords lock an account out from that address only; the owner signs in from elsewhere', async () => {
    const owner = await member('owner');
    const attacker = fresh();
    const max = limits.signInFailuresPerAccountAndAddress.max;
    for (let i = 0; i < max; i++)
      assert.equal(
        (await call(signIn, { body: { email: owner.email, password: `guess${i}00` }, address: attacker })).status,
        401,
      );
    const locked = await call(signIn, { body: { email: owner.email, password: 'secret12' }, address: attacker });
    assert.equal(locked.status, 429);
    assert.equal(locked.json.error!.code, 'RATE_LIMITED');
    assert.ok(Number(locked.response.headers.get('retry-after')) > 60);
    assert.equal(
      (await call(signIn, { body: { email: owner.email, password: 'secret12' }, address: fresh() })).status,
      200,
    );
  });

  test('50 parallel guesses at the SMS code get the 5 tries of sequential ones, and a resend brings none back', async () => {
    const m = await member('guesser');
    await call(confirmPhone, { params: { userId: m.userId }, body: { phone: '+21655000111' }, cookie: m.cookie });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(validateCode, {
          params: { userId: m.userId },
          body: { confirmationPhoneCode: 100000 + i },
          cookie: m.cookie,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 400).length, limits.phoneCodeChecksPerUser.max, statuses.join());
    assert.equal(statuses.filter((s) => s === 429).length, 50 - limits.phoneCodeChecksPerUser.max);
    // A new code (past the resend delay) does not bring new tries.
    const db = await getDb();
    await db
      .update(phoneCodes)
      .set({ sentAt: new Date(Date.now() - 3600_000) })
      .where(eq(phoneCodes.userId, m.userId));
    assert.equal(
      (await call(confirmPhone, { params: { userId: m.userId }, body: { phone: '+21655000111' }, cookie: m.cookie }))
        .status,
      200,
    );
    const code = Number(/\b(\d{6})\b/.exec(lastOutbox('+21655000111')!.text)![1]);
    const right = await call(validateCode, {
      params: { userId: m.userId },
      body: { confirmationPhoneCode: code },
      cookie: m.cookie,
    });
    assert.equal(right.status, 429);
    assert.equal(right.json.error!.code, 'TOO_MANY_ATTEMPTS');
  });

  test('a number someone else claims gets a few codes a day, not a bomb', async () => {
    // Each account's first code to a number goes (a stranger cannot lock its owner out, issue 32);
    // the number's range stops them at its daily cap. Accounts cost a confirmed address each.
    // A range of its own: freshPhone() numbers are +2165…, other tests' fixed ones elsewhere.
    const target = `+2169955${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
    const statuses = [];
    for (let i = 0; i <= limits.phoneCodesPerRangePerDay.max; i++) {
      const m = await member(`bomber${i}`);
      statuses.push(
        (await call(confirmPhone, { params: { userId: m.userId }, body: { phone: target }, cookie: m.cookie })).status,
      );
    }
    assert.deepEqual(statuses, [...Array(limits.phoneCodesPerRangePerDay.max).fill(200), 429]);
  });
});

describe('bounded bodies', () => {
  test('a 50 MB JSON body is refused with 413 before it is read', async () => {
    const huge = JSON.stringify({ email: 'a@b.tn', password: 'x'.repeat(50 * 1024 * 1024) });
    const answer = await call(signIn, { rawBody: huge, address: fresh() });
    assert.equal(answer.status, 413);
    assert.equal(answer.json.error!.code, 'PAYLOAD_TOO_LARGE');
  });

  test('a body without Content-Length is cut off at the limit too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 10 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await signIn(
      new Request('http://localhost:3000/api/user/v1/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        // @ts-expect-error Node's fetch needs this for a streamed body
        duplex: 'half',
      }),
      { params: Promise.resolve({}) },
    );
    assert.equal(response.status, 413);
    assert.ok(sent < 1024 * 1024, `${sent} bytes read`);
  });

  test('a small PNG that decodes to 10,000 x 10,000 pixels is refused, and nothing is written', async () => {
    const m = await member('pixels');
    const id = (await call(createPackage, { cookie: m.cookie, body: parcel })).json.data.id as string;
    const answer = await call(uploadImages, {
      params: { id },
      form: imagesForm([pngHeaderOnly(10_000, 10_000)]),
      cookie: m.cookie,
    });
    assert.equal(answer.status, 413);
    assert.equal(answer.json.error!.code, 'IMAGE_TOO_MANY_PIXELS');
    assert.deepEqual(await storedKeys(`packages/${id}`), []);
  });

  test('an upload larger than a listing’s photos is refused before it is read', async () => {
    const m = await member('bulk');
    const id = (await call(createPackage, { cookie: m.cookie, body: parcel })).json.data.id as string;
    const big = new Uint8Array(requestLimits.multipartBytes + 1);
    const answer = await call(uploadImages, { params: { id }, form: imagesForm([big]), cookie: m.cookie });
    assert.equal(answer.status, 413);
    assert.equal(answer.json.error!.code, 'PAYLOAD_TOO_LARGE');
  });
});

describe('requests from other sites', () => {
  test('a cross-site form posting JSON as text/plain cannot sign a visitor in', async () => {
    const m = await member('victim');
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const answer = await call(signIn, { body: { email: m.email, password: 'secret12' }, headers, address: fresh() });
      assert.equal(answer.status, 403, JSON.stringify(headers));
      assert.equal(answer.json.error!.code, 'CROSS_SITE_REQUEST');
      assert.equal(answer.cookie, undefined);
    }
    const plain = await call(signIn, {
      body: { email: m.email, password: 'secret12' },
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
      address: fresh(),
    });
    assert.equal(plain.status, 415);
    const own = await call(signIn, {
      body: { email: m.email, password: 'secret12' },
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      address: fresh(),
    });
    assert.equal(own.status, 200);
  });

  test('the newsletter form from another site is refused; from ours it goes to a fixed page, not the Referer', async () => {
    const form = (headers: Record<string, string>) =>
      newsletter(
        new Request('http://localhost:3000/api/user/v1/newsletter', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams({ email: uniqueEmail('news'), locale: 'ar' }),
        }),
        { params: Promise.resolve({}) },
      );
    assert.equal((await form({ origin: 'https://evil.example' })).status, 403);
    const ours = await form({ 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/phish' });
    assert.equal(ours.status, 303);
    assert.equal(ours.headers.get('location'), '/ar/newsletter?status=sent');
  });
});

describe('the mobile app’s bearer sessions', () => {
  test('sign-in gives a token that works as Authorization: Bearer, with no cookie and no Origin check', async () => {
    const m = await member('mobile');
    const signedIn = await call(signIn, { body: { email: m.email, password: 'secret12' }, address: fresh() });
    const token = signedIn.response.headers.get('set-auth-token');
    assert.ok(token);
    const me = await call(session, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.json.data.id, m.userId);
    const created = await call(createPackage, {
      body: parcel,
      headers: { authorization: `Bearer ${token}`, origin: 'capacitor://localhost' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const forged = await call(session, { headers: { authorization: `Bearer ${token}x` } });
    assert.equal(forged.json.data, null);
  });
});

describe('personal data stays personal', () => {
  test('answers with personal data are not cached', async () => {
    const m = await member('private');
    for (const answer of [
      await call(getUser, { params: { userId: m.userId }, cookie: m.cookie }),
      await call(session, { cookie: m.cookie }),
      await call(signIn, { body: { email: m.email, password: 'wrong1234' }, address: fresh() }),
    ])
      assert.equal(answer.response.headers.get('cache-control'), 'no-store');
  });

  test('outbox files are readable by the server’s user only', async () => {
    const dir = outboxDir();
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    for (const file of readdirSync(dir).slice(-5)) assert.equal(statSync(path.join(dir, file)).mode & 0o777, 0o600);
  });
});

describe('nothing left behind', () => {
  test('concurrent uploads past the limit answer the limit error, never a 500; files and rows match', async () => {
    const m = await member('racer');
    const id = (await call(createPackage, { cookie: m.cookie, body: parcel })).json.data.id as string;
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#D19209' } })
      .jpeg()
      .toBuffer();
    const six = () => imagesForm(Array(6).fill(photo));
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(uploadImages, { params: { id }, form: six(), cookie: m.cookie })),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400]);
    assert.ok(answers.filter((a) => a.status === 400).every((a) => a.json.error!.code === 'TOO_MANY_IMAGES'));
    const rows = await (await getDb()).select().from(packageImages).where(eq(packageImages.packageId, id));
    assert.equal(rows.length, 6);
    assert.equal((await storedKeys(`packages/${id}`)).length, 6 * 3);

    // Deleting the package deletes its photos.
    assert.equal((await call(deletePackage, { params: { id }, cookie: m.cookie })).status, 200);
    assert.deepEqual(await storedKeys(`packages/${id}`), []);
  });

  test('the same address signed up twice at once: one account, the same answer twice, never a 500', async () => {
    const email = uniqueEmail('twins');
    const answers = await Promise.all([1, 2, 3].map(() => call(signUp, { body: signUpBody(email), address: fresh() })));
    for (const answer of answers) assert.deepEqual([answer.status, answer.json], [200, { success: true, data: null }]);
    const db = await getDb();
    assert.equal((await db.select().from(users).where(eq(users.email, email))).length, 1);
  });
});

/** A multipart body of `images` files. */
function imagesForm(files: Uint8Array[]): FormData {
  const form = new FormData();
  for (const [i, data] of files.entries()) form.append('images', new File([new Uint8Array(data)], `${i}.png`));
  return form;
}

/** A valid PNG header that says width x height, with a tiny image body: small on the wire, huge once decoded. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
