// A member's own account through the API: names, avatar, password, e-mail, language, e-mail switches,
// my data, and deleting an account.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/member-settings.test.ts
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { call, lastOutbox, linkIn, mailsTo } from './helpers';
import { z } from '@/lib/zod';
import { getDb } from '@/lib/server/db/client';
import { proposals, users } from '@/lib/server/db/schema';
import { propose } from '@/lib/server/deals/proposals';
import { stored } from './stored';
import { GET as getPackage } from '@/app/api/user/v1/packages/[id]/route';
import { POST as uploadImages } from '@/app/api/user/v1/packages/[id]/images/route';
import { GET as getMe, PATCH as patchMe, DELETE as deleteMe } from '@/app/api/user/v1/me/route';
import { POST as setAvatar, DELETE as removeAvatar } from '@/app/api/user/v1/me/avatar/route';
import { POST as changePassword } from '@/app/api/user/v1/me/password/route';
import { POST as changeEmail } from '@/app/api/user/v1/me/email/route';
import { POST as confirmEmailChange } from '@/app/api/user/v1/me/email/confirm/route';
import { GET as exportData } from '@/app/api/user/v1/me/export/route';
import { PUT as block } from '@/app/api/user/v1/users/[userId]/block/route';
import { POST as subscribePush } from '@/app/api/user/v1/push/subscriptions/route';
import { GET as profile } from '@/app/api/user/v1/users/[userId]/profile/route';
import { PUT as like } from '@/app/api/user/v1/users/[userId]/like/route';
import { POST as rate } from '@/app/api/user/v1/users/[userId]/ratings/route';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { GET as session } from '@/app/api/user/v1/auth/session/route';
import { POST as proposeRoute } from '@/app/api/user/v1/proposals/route';
import { address, deal, imageForm, jpeg, memberTests, newPackage, someone, type Member } from './member-fixtures';

memberTests();

describe('settings', () => {
  test('names, preferred language and e-mail switches; deal e-mails honour them, in that language', async () => {
    const owner = await someone('prefs');
    const other = await someone('prefs-other');
    const changed = await call(patchMe, {
      cookie: owner.cookie,
      method: 'PATCH',
      body: {
        firstname: ' Salma ',
        lastname: 'Trabelsi',
        locale: 'en',
        notifications: { email: { proposals: false } },
      },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    assert.deepEqual(
      [changed.json.data.firstname, changed.json.data.lastname, changed.json.data.locale],
      ['Salma', 'Trabelsi', 'en'],
    );
    assert.deepEqual(changed.json.data.notifications.email, {
      messages: true,
      proposals: false,
      deals: true,
      alerts: true,
      newsletter: true,
    });
    assert.equal((await call(getMe, { cookie: owner.cookie })).json.data.firstname, 'Salma');
    assert.equal((await call(session, { cookie: owner.cookie })).json.data.firstname, 'Salma');
    for (const body of [{}, { firstname: '' }, { locale: 'de' }, { notifications: { email: { proposals: 'no' } } }]) {
      const refused = await call(patchMe, { cookie: owner.cookie, method: 'PATCH', body });
      assert.equal(refused.status, 400, JSON.stringify(body));
    }

    const listingId = await newPackage(owner);
    const before = mailsTo(owner.email).length;
    await call(proposeRoute, { cookie: other.cookie, body: { listingKind: 'package', listingId, amount: 20 } });
    assert.equal(mailsTo(owner.email).length, before, 'proposal e-mails are off');
    await call(patchMe, {
      cookie: owner.cookie,
      method: 'PATCH',
      body: { notifications: { email: { proposals: true } } },
    });
    const second = await newPackage(owner);
    await call(proposeRoute, { cookie: other.cookie, body: { listingKind: 'package', listingId: second, amount: 20 } });
    const mail = mailsTo(owner.email).at(-1)!;
    assert.match(mail.subject, /offers you/, 'in English, the preferred language');
    assert.match(mail.text, /^Hello Salma,/);
  });

  test('avatar: the type by content, cropped square, re-encoded without metadata; removed', async () => {
    const m = await someone('avatar');
    const fake = await call(setAvatar, {
      cookie: m.cookie,
      form: imageForm(Buffer.from('not a picture')),
    });
    assert.equal(fake.json.error!.code, 'UNSUPPORTED_FORMAT');
    const two = new FormData();
    for (const i of [1, 2]) two.append('images', new File([new Uint8Array(await jpeg())], `${i}.jpg`));
    assert.equal((await call(setAvatar, { cookie: m.cookie, form: two })).json.error!.code, 'TOO_MANY_IMAGES');
    const ok = await call(setAvatar, { cookie: m.cookie, form: imageForm(await jpeg(640, 360), 'x.gif') });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    const key = ok.json.data.avatar as string;
    const meta = await sharp((await stored(key))!).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height, meta.exif], ['webp', 256, 256, undefined]);
    const again = await call(setAvatar, { cookie: m.cookie, form: imageForm(await jpeg()) });
    assert.equal(await stored(key), null, 'the previous one is removed');
    assert.equal((await call(profile, { params: { userId: m.userId } })).json.data.user.avatar, again.json.data.avatar);
    const removed = await call(removeAvatar, { cookie: m.cookie, method: 'DELETE' });
    assert.equal(removed.json.data.avatar, null);
    assert.equal(await stored(again.json.data.avatar), null);
  });

  test('password change: each error of the specification, then the old one fails and other sessions end', async () => {
    const m = await someone('password');
    const elsewhere = await call(signIn, { body: { email: m.email, password: 'secret12' }, address: address() });
    const cases: [Record<string, string>, string, string][] = [
      [
        { currentPassword: 'wrongpass', password: 'newpass1', confirmPassword: 'newpass1' },
        'currentPassword',
        'Mot de passe actuel invalide.',
      ],
      [
        { currentPassword: 'secret12', password: 'secret12', confirmPassword: 'secret12' },
        'password',
        'Le nouveau mot de passe doit être différent de l’ancien.',
      ],
      [
        { currentPassword: 'secret12', password: 'abc', confirmPassword: 'abc' },
        'password',
        'Le mot de passe doit contenir au moins 6 caractères.',
      ],
      [
        { currentPassword: 'secret12', password: 'newpass1', confirmPassword: 'newpass2' },
        'confirmPassword',
        'Les mots de passe ne correspondent pas.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const refused = await call(changePassword, { cookie: m.cookie, body });
      assert.equal(refused.status, 400, JSON.stringify(refused.json));
      assert.equal(refused.json.error!.fields![field], message);
    }
    const ok = await call(changePassword, {
      cookie: m.cookie,
      body: { currentPassword: 'secret12', password: 'newpass1', confirmPassword: 'newpass1' },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.equal((await call(session, { cookie: m.cookie })).json.data?.id, m.userId, 'this session stays');
    assert.equal((await call(session, { cookie: elsewhere.cookie })).json.data, null, 'the other one ended');
    const old = await call(signIn, { body: { email: m.email, password: 'secret12' }, address: address() });
    assert.equal(old.json.error!.code, 'INVALID_CREDENTIALS');
    assert.equal(
      (await call(signIn, { body: { email: m.email, password: 'newpass1' }, address: address() })).status,
      200,
    );
  });

  test('e-mail change: password and a free address; confirmed by the link sent there; the old address told', async () => {
    const m = await someone('mover');
    const other = await someone('taken');
    const wrong = await call(changeEmail, {
      cookie: m.cookie,
      body: { email: 'x@test.colibri.tn', password: 'nope1234' },
    });
    assert.equal(wrong.json.error!.code, 'CURRENT_PASSWORD_INVALID');
    const taken = await call(changeEmail, {
      cookie: m.cookie,
      body: { email: other.email.toUpperCase(), password: 'secret12' },
    });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.error!.code, 'EMAIL_TAKEN');
    const fresh = `moved-${process.pid}-${Date.now()}@test.colibri.tn`;
    assert.equal(
      (await call(changeEmail, { cookie: m.cookie, body: { email: fresh, password: 'secret12' } })).status,
      200,
    );
    assert.equal((await call(getMe, { cookie: m.cookie })).json.data.email, m.email, 'not before the link');
    const link = linkIn(lastOutbox(fresh)!.text);
    assert.equal(link.pathname, '/fr/nouvel-email');
    assert.equal(
      (await call(confirmEmailChange, { body: { token: 'forged' } })).json.error!.code,
      'INVALID_EMAIL_TOKEN',
    );
    const done = await call(confirmEmailChange, { body: { token: link.searchParams.get('token')! } });
    assert.equal(done.status, 200, JSON.stringify(done.json));
    assert.equal((await call(getMe, { cookie: m.cookie })).json.data.email, fresh);
    assert.match(lastOutbox(m.email)!.text, new RegExp(fresh.replace(/\./g, '\\.')));
    assert.equal(
      (await call(confirmEmailChange, { body: { token: link.searchParams.get('token')! } })).status,
      400,
      'a link works once',
    );
    assert.equal(
      (await call(signIn, { body: { email: fresh, password: 'secret12' }, address: address() })).status,
      200,
    );
  });

  // The parts of the export the test reads.
  const exported = z.object({
    account: z.object({ email: z.string() }),
    listings: z.object({ packages: z.array(z.object({ id: z.string() })) }),
    proposals: z.array(z.unknown()),
    conversations: z.array(z.object({ messages: z.array(z.object({ kind: z.string() })) })),
    likesGiven: z.array(z.object({ likedUserId: z.string() })),
    membersBlocked: z.array(z.object({ userId: z.string() })),
    pushSubscriptions: z.array(z.object({ service: z.string() })),
    identityChecks: z.array(z.unknown()),
    moderation: z.array(z.unknown()),
  });

  test('my data: everything stored about me as a JSON file, no secret in it', async () => {
    const m = await someone('export');
    const other = await someone('export-other');
    const listingId = await newPackage(m);
    await propose(other.userId, { listingKind: 'package', listingId, amount: 25 });
    await call(like, { params: { userId: other.userId }, cookie: m.cookie });
    const third = await someone('export-blocked');
    assert.equal((await call(block, { params: { userId: third.userId }, cookie: m.cookie })).status, 200);
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
    const endpoint = `https://fcm.googleapis.com/fcm/send/${m.userId}`;
    assert.equal((await call(subscribePush, { cookie: m.cookie, body: { endpoint, keys } })).status, 200);
    const answer = await call(exportData, { cookie: m.cookie });
    assert.equal(answer.status, 200);
    assert.match(answer.response.headers.get('content-disposition')!, /attachment; filename="colibri-data-/);
    const data = exported.parse(answer.json);
    assert.equal(data.account.email, m.email);
    assert.equal(data.listings.packages[0]?.id, listingId);
    assert.equal(data.proposals.length, 1);
    assert.equal(data.conversations[0]?.messages[0]?.kind, 'proposal_sent');
    assert.equal(data.likesGiven[0]?.likedUserId, other.userId);
    assert.equal(data.membersBlocked[0]?.userId, third.userId);
    assert.deepEqual(data.pushSubscriptions, [{ service: 'https://fcm.googleapis.com' }]);
    assert.deepEqual([data.identityChecks, data.moderation], [[], []]);
    const text = JSON.stringify(answer.json);
    assert.ok(!/"password"|"token"|pickupCode|deliveryCode|unsubscribeToken|p256dh|"auth"/.test(text), 'no secret');
    assert.ok(!text.includes('$'), 'no hash');
    assert.equal((await call(exportData, {})).status, 401);
  });

  test('delete my account: the password; then sign-in fails, listings, photos and conversations are gone, averages follow', async () => {
    const leaving = await someone('leaving');
    const partner = await someone('partner');
    const packageId = await newPackage(leaving);
    const photo = await call(uploadImages, {
      params: { id: packageId },
      cookie: leaving.cookie,
      form: imageForm(await jpeg()),
    });
    const photoKey = photo.json.data[0].key as string;
    assert.ok(await stored(photoKey));
    const avatar = await call(setAvatar, { cookie: leaving.cookie, form: imageForm(await jpeg()) });
    const { proposalId } = await deal(partner, leaving, 'delivered');
    await rateAs(leaving, partner, 2);
    const wrong = await call(deleteMe, { cookie: leaving.cookie, method: 'DELETE', body: { password: 'notmine1' } });
    assert.equal(wrong.json.error!.code, 'CURRENT_PASSWORD_INVALID');
    assert.equal((await call(getPackage, { params: { id: packageId } })).status, 200, 'nothing went');
    const gone = await call(deleteMe, { cookie: leaving.cookie, method: 'DELETE', body: { password: 'secret12' } });
    assert.equal(gone.status, 200, JSON.stringify(gone.json));
    assert.ok(gone.response.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/.test(c)));
    const signInAgain = await call(signIn, {
      body: { email: leaving.email, password: 'secret12' },
      address: address(),
    });
    assert.equal(signInAgain.json.error!.code, 'INVALID_CREDENTIALS');
    assert.equal((await call(session, { cookie: leaving.cookie })).json.data, null);
    assert.equal((await call(getPackage, { params: { id: packageId } })).status, 404);
    assert.equal(await stored(photoKey), null, 'listing photos removed');
    assert.equal(await stored(avatar.json.data.avatar), null, 'avatar removed');
    const db = await getDb();
    assert.equal((await db.select().from(proposals).where(eq(proposals.id, proposalId))).length, 0);
    const [partnerRow] = await db.select().from(users).where(eq(users.id, partner.userId));
    assert.deepEqual([partnerRow!.ratingCount, partnerRow!.ratingAverage], [0, null], 'its rating went with it');
    assert.equal((await call(profile, { params: { userId: leaving.userId } })).status, 404);
  });
});

async function rateAs(author: Member, rated: Member, score: number) {
  const answer = await call(rate, { params: { userId: rated.userId }, cookie: author.cookie, body: { score } });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
}
