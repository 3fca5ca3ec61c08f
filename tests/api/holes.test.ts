// The holes found in review (issue 22), each closed by a shared mechanism; each test failed on the
// code before its fix.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/holes.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  aMinuteLater,
  adult,
  call,
  confirmationLink,
  deleteListingsOf,
  linkIn,
  drainJobs,
  mailsTo,
  member,
  parcelBody,
  signUpBody,
  trader,
  uniqueEmail,
  verifyPhoneOf,
} from './helpers';
import { apiBasePath } from '@/lib/routes';
import { clientAddressHeaders } from '@/lib/server/http/client-address.mjs';
import { addressKey, limits } from '@/lib/server/limits';
import { sessionCheckSeconds } from '@/lib/server/events/hub';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import { liveEvents, sessions, users } from '@/lib/server/db/schema';
import { listFolder } from '@/lib/server/storage';
import { jobSchema } from '@/lib/server/jobs/queue';
import { z } from '@/lib/zod';
import { POST as signUp } from '@/app/api/user/v1/auth/sign-up/route';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { POST as signOut } from '@/app/api/user/v1/auth/sign-out/route';
import { GET as session } from '@/app/api/user/v1/auth/session/route';
import { POST as forgot } from '@/app/api/user/v1/auth/forgot-password/route';
import { POST as resendTo } from '@/app/api/user/v1/auth/resend-confirmation/route';
import { POST as confirmEmail } from '@/app/api/user/v1/users/[userId]/confirm-email/route';
import { POST as resetPassword } from '@/app/api/user/v1/users/[userId]/reset-password/route';
import { POST as sendIdentity } from '@/app/api/user/v1/me/identity/route';
import { POST as confirmPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';
import { POST as changePassword } from '@/app/api/user/v1/me/password/route';
import { DELETE as deleteMe } from '@/app/api/user/v1/me/route';
import { GET as events } from '@/app/api/user/v1/events/route';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as uploadImages } from '@/app/api/user/v1/packages/[id]/images/route';
import { POST as sendImage } from '@/app/api/user/v1/conversations/[id]/images/route';
import { POST as propose } from '@/app/api/user/v1/proposals/route';
import { PUT as editProposal } from '@/app/api/user/v1/proposals/[id]/route';
import { POST as send } from '@/app/api/user/v1/conversations/[id]/messages/route';

let next = 1;
const fresh = () => `198.18.22.${next++}`;
const made: string[] = [];

before(async () => {
  await migrateDb();
});
after(async () => {
  await deleteListingsOf(...made);
  await closeDb();
});

/** The jobs of a queue whose data has `field` = `value` (waiting or done). */
async function jobsNamed(name: string, field: string, value: string): Promise<number> {
  const db = await getDb();
  const result = await db.execute(
    sql`select count(*)::int as n from ${sql.raw(jobSchema)}.job where name = ${name} and data->>${field} = ${value}`,
  );
  const [row] = rowsOf(result, z.object({ n: z.number() }));
  return Number(row?.n);
}

describe('confirmation links', () => {
  test('a link never signs a browser in, nor changes the session it comes with', async () => {
    const visitor = await member('visitor');
    const email = uniqueEmail('attacker');
    await call(signUp, { body: signUpBody(email), address: fresh() });
    const { userId, token } = confirmationLink(email);
    const confirmed = await call(confirmEmail, {
      params: { userId },
      body: { token, password: 'secret12' },
      cookie: visitor.cookie,
    });
    assert.equal(confirmed.status, 200);
    assert.deepEqual(confirmed.json.data, { status: 'confirmed' });
    assert.equal(confirmed.cookie, undefined);
    assert.equal(confirmed.response.headers.get('set-auth-token'), null);
    // The visitor is still the visitor; the new account signs in with its password.
    assert.equal((await call(session, { cookie: visitor.cookie })).json.data.id, visitor.userId);
    const own = await call(signIn, { body: { email, password: 'secret12' }, address: fresh() });
    assert.equal(own.json.data.id, userId);
  });

  test('each sign-up of an unconfirmed address is kept apart: any link of the mailbox confirms the one whose password comes with it', async () => {
    const email = uniqueEmail('squatted');
    await call(signUp, { body: signUpBody(email), address: fresh() });
    const first = confirmationLink(email);
    const owner = { ...signUpBody(email), firstname: 'Nour', password: 'mine1234', confirmPassword: 'mine1234' };
    const second = await call(signUp, { body: owner, address: fresh() });
    assert.equal(second.status, 200);
    // A link for each; the first one still works.
    assert.equal(mailsTo(email).length, 2);
    // Neither sign-up is a session yet: each password answers "confirm first".
    for (const password of ['secret12', 'mine1234'])
      assert.equal(
        (await call(signIn, { body: { email, password }, address: fresh() })).json.error!.code,
        'EMAIL_NOT_VERIFIED',
      );
    const confirmed = await call(confirmEmail, {
      params: { userId: first.userId },
      body: { token: first.token, password: 'mine1234' },
    });
    assert.deepEqual(confirmed.json.data, { status: 'confirmed' });
    const squatter = await call(signIn, { body: { email, password: 'secret12' }, address: fresh() });
    assert.equal(squatter.json.error!.code, 'INVALID_CREDENTIALS');
    const signedIn = await call(signIn, { body: { email, password: 'mine1234' }, address: fresh() });
    assert.equal(signedIn.json.data.firstname, 'Nour');
  });

  test('a reset link confirms an unconfirmed address with the password its owner chooses, and drops the other sign-ups', async () => {
    const email = uniqueEmail('reset-pending');
    await call(signUp, { body: signUpBody(email), address: fresh() });
    const { userId } = confirmationLink(email);
    assert.equal((await call(forgot, { body: { email }, address: fresh() })).status, 200);
    const token = linkIn(mailsTo(email).at(-1)!.text).searchParams.get('token')!;
    const reset = await call(resetPassword, {
      params: { userId },
      body: { token, password: 'chosen12', confirmPassword: 'chosen12' },
    });
    assert.equal(reset.status, 200);
    assert.equal((await call(signIn, { body: { email, password: 'chosen12' }, address: fresh() })).status, 200);
    assert.equal(
      (await call(signIn, { body: { email, password: 'secret12' }, address: fresh() })).json.error!.code,
      'INVALID_CREDENTIALS',
    );
  });
});

describe('no flood', () => {
  test('six sign-ins to an unconfirmed address send at most one more e-mail', async () => {
    const email = uniqueEmail('flooded');
    await call(signUp, { body: signUpBody(email), address: fresh() });
    assert.equal(mailsTo(email).length, 1);
    for (let i = 0; i < 6; i++) {
      const refused = await call(signIn, { body: { email, password: 'secret12' }, address: fresh() });
      assert.equal(refused.json.error!.code, 'EMAIL_NOT_VERIFIED');
    }
    assert.equal(mailsTo(email).length, 2);
    // A minute later, a sign-in brings one new link, once.
    await aMinuteLater(email);
    for (let i = 0; i < 3; i++) await call(signIn, { body: { email, password: 'secret12' }, address: fresh() });
    assert.equal(mailsTo(email).length, 3);
  });

  test('sign-ups with a confirmed address tell its owner a few times a day at most', async () => {
    const owner = await member('much-wanted');
    const before = mailsTo(owner.email).length;
    for (let i = 0; i < 6; i++)
      assert.equal((await call(signUp, { body: signUpBody(owner.email), address: fresh() })).status, 200);
    assert.equal(mailsTo(owner.email).length - before, limits.accountExistsMailsPerAccount.max);
  });
});

/** Reads a stream to its end; answers how long after `from` it ended (or throws after `withinMs`). */
async function streamEnd(response: Response, from: () => number, withinMs: number): Promise<number> {
  const reader = response.body!.getReader();
  const deadline = setTimeout(() => void reader.cancel('still open'), withinMs + 2000);
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return Date.now() - from();
    }
  } finally {
    clearTimeout(deadline);
  }
}

type Member = Awaited<ReturnType<typeof member>>;

describe('live streams end with their session', () => {
  const withinMs = (sessionCheckSeconds + 2) * 1000;
  const ends: [string, (m: Member) => Promise<void>][] = [
    ['sign-out', async (m) => void (await call(signOut, { cookie: m.cookie, body: {} }))],
    [
      'a password change elsewhere',
      async (m) => {
        const other = await call(signIn, { body: { email: m.email, password: 'secret12' }, address: fresh() });
        const changed = await call(changePassword, {
          cookie: other.cookie,
          body: { currentPassword: 'secret12', password: 'changed12', confirmPassword: 'changed12' },
        });
        assert.equal(changed.status, 200, JSON.stringify(changed.json));
      },
    ],
    [
      'the session row removed (as a suspension does)',
      async (m) => {
        const db = await getDb();
        await db.delete(sessions).where(eq(sessions.userId, m.userId));
      },
    ],
    [
      'the account deleted',
      async (m) => {
        const gone = await call(deleteMe, { cookie: m.cookie, body: { password: 'secret12' } });
        assert.equal(gone.status, 200, JSON.stringify(gone.json));
      },
    ],
  ];
  for (const [how, end] of ends)
    test(`after ${how}, within ${withinMs / 1000} s`, async () => {
      const m = await member('streaming');
      const stream = new AbortController();
      const open = await call(events, { cookie: m.cookie, keepStream: true, signal: stream.signal });
      assert.equal(open.status, 200);
      let endedAt = 0;
      const ended = streamEnd(open.response, () => endedAt, withinMs);
      await end(m);
      endedAt = Date.now();
      const delay = await ended.catch((error: unknown) => {
        stream.abort();
        throw error;
      });
      console.log(`[holes] stream ended ${delay} ms after ${how}`);
      assert.ok(delay < withinMs, `${delay} ms`);
      assert.equal((await call(events, { cookie: m.cookie })).status, 401);
    });
});

describe('proposal changes and their e-mails', () => {
  test('edits are limited like messages, and the owner gets one e-mail for a burst; names quoted and cut short', async () => {
    const owner = await trader('owner');
    const listing = await call(createPackage, { cookie: owner.cookie, body: parcelBody() });
    made.push(owner.userId);
    const proposer = await member('proposer');
    await verifyPhoneOf(proposer);
    const long = 'Abdelkarim-Mohamed-Salah-Eddine Ben Youssef';
    const db = await getDb();
    await db.execute(sql`update users set firstname = ${long} where id = ${proposer.userId}`);
    const first = await call(propose, {
      cookie: proposer.cookie,
      body: { listingKind: 'package', listingId: listing.json.data.id, amount: 30 },
    });
    assert.equal(first.status, 200, JSON.stringify(first.json));
    const before = mailsTo(owner.email).length;
    const statuses: number[] = [];
    for (let i = 0; i <= limits.proposalChangesPerProposal.max; i++)
      statuses.push(
        (
          await call(editProposal, {
            params: { id: first.json.data.id },
            body: { amount: 31 + i },
            cookie: proposer.cookie,
          })
        ).status,
      );
    assert.deepEqual(statuses, [...Array(limits.proposalChangesPerProposal.max).fill(200), 429]);
    // The proposal's own e-mail went; the edits wait for one e-mail at the end of the window.
    assert.equal(mailsTo(owner.email).length, before);
    const subject = mailsTo(owner.email).at(-1)!.subject!;
    assert.match(subject, /^« Abdelkarim-Mohamed-Sala… » vous propose/);
    assert.equal(await jobsNamed('deal-mail-later', 'conversationId', first.json.data.conversationId), 1);
    // The later e-mail, when its time comes: one, about news.
    await db.execute(
      sql`update ${sql.raw(jobSchema)}.job set start_after = now() where name = 'deal-mail-later' and data->>'conversationId' = ${first.json.data.conversationId}`,
    );
    await drainJobs();
    assert.equal(mailsTo(owner.email).length, before + 1);
    assert.match(mailsTo(owner.email).at(-1)!.subject!, /^Du nouveau de « Abdelkarim/);
  });
});

/** A 50 MB multipart body that counts the bytes the server pulled from it. */
function countedUpload(url: string, cookie: string, part = 'images') {
  const boundary = 'colibri-holes';
  const chunk = new Uint8Array(1024 * 1024).fill(0x61);
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  let pulled = 0;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = sent === 0 ? head : sent < 50 ? chunk : null;
      sent++;
      if (!part) return controller.close();
      pulled += part.byteLength;
      controller.enqueue(part);
    },
  });
  const request = new Request(url, {
    method: 'POST',
    body,
    // @ts-expect-error -- Node's fetch needs it for a stream body
    duplex: 'half',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie,
      'sec-fetch-site': 'same-origin',
      'x-locale': 'fr',
      ...clientAddressHeaders(fresh()),
    },
  });
  return { request, pulled: () => pulled };
}

describe('uploads are checked before their body is read', () => {
  test('50 MB to someone else’s listing, or to a conversation one is not part of: refused, a chunk read at most', async () => {
    const owner = await member('uploader');
    const stranger = await member('stranger');
    made.push(owner.userId);
    const parcel = (await call(createPackage, { cookie: owner.cookie, body: parcelBody() })).json.data.id;
    const toListing = countedUpload(`http://localhost:3000${apiBasePath}/packages/${parcel}/images`, stranger.cookie);
    const refused = await uploadImages(toListing.request, { params: Promise.resolve({ id: parcel }) });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'FORBIDDEN');
    assert.ok(toListing.pulled() <= 2 * 1024 * 1024, `${toListing.pulled()} bytes read`);

    const toTalk = countedUpload(`http://localhost:3000${apiBasePath}/conversations/nope/images`, stranger.cookie);
    const notHers = await sendImage(toTalk.request, { params: Promise.resolve({ id: 'nope' }) });
    assert.equal(notHers.status, 404);
    assert.ok(toTalk.pulled() <= 2 * 1024 * 1024, `${toTalk.pulled()} bytes read`);

    // The owner's own upload is read (and refused for its content, 50 MB of 'a').
    const own = countedUpload(`http://localhost:3000${apiBasePath}/packages/${parcel}/images`, owner.cookie);
    const read = await uploadImages(own.request, { params: Promise.resolve({ id: parcel }) });
    assert.notEqual(read.status, 403);
    assert.ok(own.pulled() > 10 * 1024 * 1024);
  });

  test('a full listing refuses a photo before reading it', async () => {
    const owner = await member('full');
    made.push(owner.userId);
    const parcel = (await call(createPackage, { cookie: owner.cookie, body: parcelBody() })).json.data.id;
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (let i = 0; i < 10; i++)
      form.append('images', new File([new Uint8Array(photo)], `${i}.jpg`, { type: 'image/jpeg' }));
    assert.equal((await call(uploadImages, { params: { id: parcel }, form, cookie: owner.cookie })).status, 200);
    const more = countedUpload(`http://localhost:3000${apiBasePath}/packages/${parcel}/images`, owner.cookie);
    const full = await uploadImages(more.request, { params: Promise.resolve({ id: parcel }) });
    assert.equal(((await full.json()) as { error: { code: string } }).error.code, 'TOO_MANY_IMAGES');
    assert.ok(more.pulled() <= 2 * 1024 * 1024, `${more.pulled()} bytes read`);
  });
});

describe('identity pictures and large pictures', () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#d0e0f0' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  const identityForm = async (document: Buffer, selfie: Buffer) => {
    const form = new FormData();
    form.append('document', new File([new Uint8Array(document)], 'document.png', { type: 'image/png' }));
    form.append('selfie', new File([new Uint8Array(selfie)], 'selfie.png', { type: 'image/png' }));
    return form;
  };

  test('a verified member, or one whose check waits, is refused before the body is read', async () => {
    const verified = await member('verified-id');
    const db = await getDb();
    await db.update(users).set({ identityVerified: true }).where(eq(users.id, verified.userId));
    const upload = countedUpload(`http://localhost:3000${apiBasePath}/me/identity`, verified.cookie, 'document');
    const refused = await sendIdentity(upload.request, { params: Promise.resolve(undefined) });
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'IDENTITY_ALREADY_VERIFIED');
    assert.ok(upload.pulled() <= 2 * 1024 * 1024, `${upload.pulled()} bytes read`);

    const waiting = await member('waiting-id');
    const small = await picture(40, 30);
    assert.equal(
      (await call(sendIdentity, { cookie: waiting.cookie, form: await identityForm(small, small) })).status,
      200,
    );
    const again = countedUpload(`http://localhost:3000${apiBasePath}/me/identity`, waiting.cookie, 'document');
    const pending = await sendIdentity(again.request, { params: Promise.resolve(undefined) });
    assert.equal(((await pending.json()) as { error: { code: string } }).error.code, 'IDENTITY_CHECK_PENDING');
    assert.ok(again.pulled() <= 2 * 1024 * 1024, `${again.pulled()} bytes read`);
  });

  test('one request carries 40 megapixels at most, all its pictures together', async () => {
    const owner = await member('many-pixels');
    made.push(owner.userId);
    const parcel = (await call(createPackage, { cookie: owner.cookie, body: parcelBody() })).json.data.id;
    const big = await picture(5000, 5000); // 25 megapixels, a few kilobytes
    const form = new FormData();
    for (const i of [1, 2]) form.append('images', new File([new Uint8Array(big)], `${i}.png`, { type: 'image/png' }));
    const refused = await call(uploadImages, { params: { id: parcel }, form, cookie: owner.cookie });
    assert.equal(refused.json.error!.code, 'IMAGE_TOO_MANY_PIXELS');
    const applicant = await member('big-id');
    const twice = await call(sendIdentity, { cookie: applicant.cookie, form: await identityForm(big, big) });
    assert.equal(twice.json.error!.code, 'IMAGE_TOO_MANY_PIXELS');
    // One such picture alone is fine, and its three widths are made.
    const one = new FormData();
    one.append('images', new File([new Uint8Array(big)], 'one.png', { type: 'image/png' }));
    const stored = await call(uploadImages, { params: { id: parcel }, form: one, cookie: owner.cookie });
    assert.equal(stored.status, 200);
    assert.deepEqual(
      stored.json.data.map((image: { width: number; height: number }) => [image.width, image.height]),
      [[1200, 1200]],
    );
  });

  test('deleting the account deletes its identity pictures from storage', async () => {
    const leaving = await member('id-leaving');
    const small = await picture(40, 30);
    assert.equal(
      (await call(sendIdentity, { cookie: leaving.cookie, form: await identityForm(small, small) })).status,
      200,
    );
    assert.equal((await listFolder(`identity/${leaving.userId}`, 'private')).length, 2);
    assert.equal((await call(deleteMe, { cookie: leaving.cookie, body: { password: 'secret12' } })).status, 200);
    await drainJobs();
    assert.deepEqual(await listFolder(`identity/${leaving.userId}`, 'private'), []);
  });
});

describe('sign-in limits', () => {
  test('guesses from many addresses never lock the owner out of a client that has not failed', async () => {
    const owner = await member('target');
    const perClient = limits.signInFailuresPerAccountAndAddress.max;
    const clients = Math.ceil(limits.signInFailuresPerAccount.max / perClient) + 1;
    for (let c = 0; c < clients; c++) {
      const address = `198.19.${c}.${next++ % 250}`;
      for (let i = 0; i < perClient; i++)
        await call(signIn, { body: { email: owner.email, password: `guess-${c}-${i}` }, address });
    }
    const right = await call(signIn, { body: { email: owner.email, password: 'secret12' }, address: fresh() });
    assert.equal(right.status, 200, JSON.stringify(right.json));
    // A client that failed on it meets the account's ceiling.
    const failing = fresh();
    await call(signIn, { body: { email: owner.email, password: 'wrong-one' }, address: failing });
    const refused = await call(signIn, { body: { email: owner.email, password: 'secret12' }, address: failing });
    assert.equal(refused.status, 429);
  });

  test('IPv6 clients are counted per /64', async () => {
    assert.equal(addressKey('2001:db8:1:2:a:b:c:d'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8:1:2::ffff'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(addressKey('192.0.2.7'), '192.0.2.7');
    const statuses: number[] = [];
    for (let i = 1; i <= limits.signUpPerAddress.max + 1; i++)
      statuses.push(
        (
          await call(signUp, {
            body: signUpBody(uniqueEmail('v6')),
            address: `2001:db8:22:${process.pid % 9999}::${i.toString(16)}`,
          })
        ).status,
      );
    assert.deepEqual(statuses, [...Array(limits.signUpPerAddress.max).fill(200), 429]);
  });
});

describe('answers that tell nothing', () => {
  test('PHONE_TAKEN comes behind the phone limits', async () => {
    const holder = await member('holder');
    const taken = await verifyPhoneOf(holder);
    const prober = await member('prober');
    const codes: string[] = [];
    for (let i = 0; i <= limits.phoneCodesPerUserPerDay.max; i++)
      codes.push(
        (await call(confirmPhone, { params: { userId: prober.userId }, body: { phone: taken }, cookie: prober.cookie }))
          .json.error!.code,
      );
    // The number's own limit (its holder used one code) or the prober's: a limit comes, not PHONE_TAKEN forever.
    const limited = codes.indexOf('RATE_LIMITED');
    assert.ok(limited > 0 && limited <= limits.phoneCodesPerUserPerDay.max, codes.join());
    assert.deepEqual(codes.slice(0, limited), Array(limited).fill('PHONE_TAKEN'));
  });

  test('forgot-password and resend do the same work for known and unknown addresses: a job each', async () => {
    const known = await member('known');
    const ghost = uniqueEmail('ghost');
    for (const email of [known.email, ghost]) {
      const answer = await call(forgot, { body: { email }, address: fresh() });
      assert.deepEqual([answer.status, answer.json], [200, { success: true, data: null }]);
      assert.equal(await jobsNamed('account-link', 'email', email), 1);
    }
    assert.match(mailsTo(known.email).at(-1)!.subject!, /mot de passe/i);
    assert.equal(mailsTo(ghost).length, 0);

    const pending = uniqueEmail('pending');
    await call(signUp, { body: { ...signUpBody(pending), birthDate: adult }, address: fresh() });
    const ghost2 = uniqueEmail('ghost2');
    for (const email of [pending, ghost2]) {
      const answer = await call(resendTo, { body: { email }, address: fresh() });
      assert.deepEqual([answer.status, answer.json], [200, { success: true, data: null }]);
      assert.equal(await jobsNamed('account-link', 'email', email), 1);
    }
    assert.equal(mailsTo(pending).length, 2);
  });
});

describe('a deleted member', () => {
  test('leaves nothing in the other side’s live events', async () => {
    const owner = await trader('stays');
    made.push(owner.userId);
    const leaving = await trader('leaves');
    const listing = (await call(createPackage, { cookie: owner.cookie, body: parcelBody() })).json.data.id;
    const proposal = await call(propose, {
      cookie: leaving.cookie,
      body: { listingKind: 'package', listingId: listing, amount: 25 },
    });
    await call(send, {
      params: { id: proposal.json.data.conversationId },
      body: { body: 'Mon numéro est dans le profil' },
      cookie: leaving.cookie,
    });
    const db = await getDb();
    const mentions = async () =>
      (
        await db
          .select({ seq: liveEvents.seq })
          .from(liveEvents)
          .where(
            and(eq(liveEvents.userId, owner.userId), sql`strpos(${liveEvents.payload}::text, ${leaving.userId}) > 0`),
          )
      ).length;
    assert.ok((await mentions()) > 0);
    assert.equal((await call(deleteMe, { cookie: leaving.cookie, body: { password: 'secret12' } })).status, 200);
    assert.equal(await mentions(), 0);
  });
});
