import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  aMinuteLater,
  adult,
  call,
  confirmationLink,
  lastOutbox,
  linkIn,
  mailsTo,
  member,
  uniqueEmail,
} from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { users, phoneCodes } from '@/lib/server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { POST as signUp } from '@/app/api/user/v1/auth/sign-up/route';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { POST as signOut } from '@/app/api/user/v1/auth/sign-out/route';
import { GET as session } from '@/app/api/user/v1/auth/session/route';
import { POST as forgot } from '@/app/api/user/v1/auth/forgot-password/route';
import { GET as getUser } from '@/app/api/user/v1/users/[userId]/route';
import { POST as confirmEmail } from '@/app/api/user/v1/users/[userId]/confirm-email/route';
import { POST as resendConfirmation } from '@/app/api/user/v1/users/[userId]/resend-confirmation/route';
import { POST as resetPassword } from '@/app/api/user/v1/users/[userId]/reset-password/route';
import { POST as confirmPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';
import { POST as validateCode } from '@/app/api/user/v1/users/[userId]/validate-code/route';

before(async () => {
  await migrateDb();
});
after(async () => {
  await closeDb();
});

async function countUsers() {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

const validSignUp = {
  firstname: 'Amine',
  lastname: 'Jaziri',
  password: 'secret12',
  confirmPassword: 'secret12',
  birthDate: adult,
  acceptTerms: true,
};

describe('sign-up: every bad body answers 400 with its code and writes nothing', () => {
  const rows: [string, unknown, string, string?][] = [
    ['not JSON', '{oops', 'INVALID_JSON'],
    ['no body fields', {}, 'VALIDATION_FAILED', 'firstname'],
    ['bad e-mail', { ...validSignUp, email: 'nope' }, 'VALIDATION_FAILED', 'email'],
    [
      'short password',
      { ...validSignUp, email: 'a@b.tn', password: '12345', confirmPassword: '12345' },
      'VALIDATION_FAILED',
      'password',
    ],
    [
      'passwords differ',
      { ...validSignUp, email: 'a@b.tn', confirmPassword: 'secret13' },
      'VALIDATION_FAILED',
      'confirmPassword',
    ],
    ['terms not accepted', { ...validSignUp, email: 'a@b.tn', acceptTerms: false }, 'VALIDATION_FAILED', 'acceptTerms'],
    [
      'under 18',
      { ...validSignUp, email: 'a@b.tn', birthDate: `${new Date().getUTCFullYear() - 17}-01-01` },
      'VALIDATION_FAILED',
      'birthDate',
    ],
    ['impossible date', { ...validSignUp, email: 'a@b.tn', birthDate: '1990-02-30' }, 'VALIDATION_FAILED', 'birthDate'],
    ['empty first name', { ...validSignUp, email: 'a@b.tn', firstname: '   ' }, 'VALIDATION_FAILED', 'firstname'],
  ];
  for (const [name, body, code, field] of rows) {
    test(name, async () => {
      const before = await countUsers();
      const res = await call(signUp, typeof body === 'string' ? { rawBody: body } : { body });
      assert.equal(res.status, 400);
      assert.equal(res.json.success, false);
      assert.equal(res.json.error!.code, code);
      assert.ok(res.json.error!.message.length > 3);
      if (field) assert.ok(res.json.error!.fields?.[field], `field ${field} in ${JSON.stringify(res.json.error)}`);
      assert.equal(await countUsers(), before);
    });
  }

  test('messages follow the caller’s language', async () => {
    const fr = await call(signUp, { body: { ...validSignUp, email: 'x@y.tn', acceptTerms: false }, locale: 'fr' });
    const ar = await call(signUp, { body: { ...validSignUp, email: 'x@y.tn', acceptTerms: false }, locale: 'ar' });
    assert.equal(fr.json.error!.fields!.acceptTerms, 'Vous devez accepter les conditions d’utilisation.');
    assert.match(ar.json.error!.fields!.acceptTerms!, /[\u0600-\u06FF]/);
  });
});

describe('accounts', () => {
  test('sign up, confirm by the e-mailed link, sign out, sign in', async () => {
    const email = uniqueEmail('flow');
    const created = await call(signUp, { body: { ...validSignUp, email } });
    assert.equal(created.status, 200);
    assert.equal(created.json.data, null);
    const { userId } = confirmationLink(email);

    const mail = lastOutbox(email)!;
    assert.equal(mail.channel, 'email');
    assert.ok(mail.subject && mail.createdAt);
    const link = linkIn(mail.text);
    assert.equal(link.pathname, `/fr/confirmation-email/${userId}`);

    const early = await call(signIn, { body: { email, password: 'secret12' } });
    assert.equal(early.status, 403);
    assert.equal(early.json.error!.code, 'EMAIL_NOT_VERIFIED');

    // That sign-in sent a new link, and none again within the minute; then a new link on request, and
    // not again within the minute.
    assert.equal(mailsTo(email).length, 2);
    assert.equal((await call(resendConfirmation, { params: { userId } })).json.error!.code, 'RESEND_TOO_SOON');
    await aMinuteLater(email);
    const previous = lastOutbox(email)!.createdAt;
    const resent = await call(resendConfirmation, { params: { userId } });
    assert.equal(resent.status, 200);
    assert.equal(resent.json.data, null);
    assert.notEqual(lastOutbox(email)!.createdAt, previous);
    const tooSoon = await call(resendConfirmation, { params: { userId } });
    assert.equal(tooSoon.status, 429);
    assert.equal(tooSoon.json.error!.code, 'RESEND_TOO_SOON');

    const wrongToken = await call(confirmEmail, { params: { userId }, body: { token: 'abc.def.ghi' } });
    assert.equal(wrongToken.status, 400);
    assert.equal(wrongToken.json.error!.code, 'INVALID_EMAIL_TOKEN');

    const token = linkIn(lastOutbox(email)!.text).searchParams.get('token');
    // The link with the password chosen at sign-up: without it, or with another, nothing is confirmed.
    const bare = await call(confirmEmail, { params: { userId }, body: { token } });
    assert.equal(bare.json.error!.code, 'CONFIRM_PASSWORD_REQUIRED');
    assert.ok(bare.json.error!.fields?.password);
    const wrong = await call(confirmEmail, { params: { userId }, body: { token, password: 'other123' } });
    assert.equal(wrong.json.error!.code, 'CONFIRM_PASSWORD_INVALID');
    const confirmed = await call(confirmEmail, { params: { userId }, body: { token, password: 'secret12' } });
    assert.equal(confirmed.status, 200);
    assert.deepEqual(confirmed.json.data, { status: 'confirmed' });
    assert.equal(confirmed.cookie, undefined); // a link confirms; it never signs in
    const again = await call(confirmEmail, { params: { userId }, body: { token, password: 'secret12' } });
    assert.equal(again.json.error!.code, 'EMAIL_ALREADY_VERIFIED');
    assert.equal((await call(resendConfirmation, { params: { userId } })).json.error!.code, 'EMAIL_ALREADY_VERIFIED');

    const first = await call(signIn, { body: { email, password: 'secret12' } });
    assert.deepEqual(first.json.data, { id: userId, firstname: 'Amine', verifiedPhone: false, unreadMessages: 0 });
    const me = await call(session, { cookie: first.cookie });
    assert.equal(me.json.data.id, userId);
    const out = await call(signOut, { cookie: first.cookie, body: {} });
    assert.equal(out.status, 200);
    assert.equal((await call(session, { cookie: first.cookie })).json.data, null);

    const bad = await call(signIn, { body: { email, password: 'wrong-password' } });
    assert.equal(bad.status, 401);
    assert.equal(bad.json.error!.code, 'INVALID_CREDENTIALS');
    const ok = await call(signIn, { body: { email: email.toUpperCase(), password: 'secret12' } });
    assert.equal(ok.status, 200);
    assert.ok(ok.cookie?.includes('better-auth.session_token='));
    assert.ok(ok.response.headers.getSetCookie().some((c) => /HttpOnly/i.test(c)));
    assert.equal(ok.json.data.firstname, 'Amine');

    // Signing up again with the address: the same answer as the first time; the owner is told by e-mail.
    const duplicate = await call(signUp, { body: { ...validSignUp, email } });
    assert.equal(duplicate.status, created.status);
    assert.deepEqual(duplicate.json, created.json);
    assert.equal(lastOutbox(email)!.subject, 'Votre compte Colibri existe déjà');
    assert.match(lastOutbox(email)!.text, /connexion/);
  });

  test('sign-in attempts are rate-limited', async () => {
    const email = uniqueEmail('limit');
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await call(signIn, { body: { email, password: 'whatever1' } })).status;
    assert.equal(last, 429);
  });

  test('forgot and reset password: a second request too soon is refused, the new password must differ', async () => {
    const { userId, email } = await member('reset');
    assert.equal((await call(forgot, { body: { email: 'nobody@test.colibri.tn' } })).status, 200);
    const first = await call(forgot, { body: { email } });
    assert.equal(first.status, 200);
    const second = await call(forgot, { body: { email } });
    assert.equal(second.status, 429);
    assert.equal(second.json.error!.code, 'RESET_ALREADY_REQUESTED');

    const link = linkIn(lastOutbox(email)!.text);
    assert.equal(link.pathname, `/fr/reinitialiser-mot-de-passe/${userId}`);
    const token = link.searchParams.get('token')!;
    const same = await call(resetPassword, {
      params: { userId },
      body: { token, password: 'secret12', confirmPassword: 'secret12' },
    });
    assert.equal(same.json.error!.code, 'PASSWORD_SAME_AS_OLD');
    const mismatch = await call(resetPassword, {
      params: { userId },
      body: { token, password: 'newpass1', confirmPassword: 'newpass2' },
    });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.json.error!.fields!.confirmPassword !== undefined, true);
    const otherUser = await call(resetPassword, {
      params: { userId: 'someone-else' },
      body: { token, password: 'newpass1', confirmPassword: 'newpass1' },
    });
    assert.equal(otherUser.json.error!.code, 'RESET_TOKEN_INVALID');
    const done = await call(resetPassword, {
      params: { userId },
      body: { token, password: 'newpass1', confirmPassword: 'newpass1' },
    });
    assert.equal(done.status, 200, JSON.stringify(done.json));
    const reused = await call(resetPassword, {
      params: { userId },
      body: { token, password: 'newpass2', confirmPassword: 'newpass2' },
    });
    assert.equal(reused.json.error!.code, 'RESET_TOKEN_INVALID');
    assert.equal((await call(signIn, { body: { email, password: 'newpass1' } })).status, 200);
    assert.equal((await call(signIn, { body: { email, password: 'secret12' } })).status, 401);
  });
});

describe('GET users/{id}', () => {
  test('public profile for others, contact details for the user themself, 404 for nobody', async () => {
    const a = await member('profile');
    const mine = await call(getUser, { params: { userId: a.userId }, cookie: a.cookie });
    assert.equal(mine.json.data.email, a.email);
    assert.equal(mine.json.data.lastname, 'Haddad');
    const theirs = await call(getUser, { params: { userId: a.userId } });
    assert.equal(theirs.status, 200);
    assert.equal(theirs.json.data.email, undefined);
    assert.equal(theirs.json.data.lastname, 'H.');
    assert.deepEqual(theirs.json.data.verified, { email: true, phone: false, identity: false });
    const missing = await call(getUser, { params: { userId: 'nope' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error!.code, 'USER_NOT_FOUND');
  });
});

describe('phone: confirm-phone and validate-code', () => {
  test('needs a session (401) and the user themself (403), before anything is written', async () => {
    const a = await member('owner');
    const b = await member('intruder');
    const anonymous = await call(confirmPhone, { params: { userId: a.userId }, body: { phone: '+21620111222' } });
    assert.equal(anonymous.status, 401);
    const other = await call(confirmPhone, {
      params: { userId: a.userId },
      body: { phone: '+21620111222' },
      cookie: b.cookie,
    });
    assert.equal(other.status, 403);
    assert.equal(other.json.error!.code, 'FORBIDDEN');
    const otherCode = await call(validateCode, {
      params: { userId: a.userId },
      body: { confirmationPhoneCode: 123456 },
      cookie: b.cookie,
    });
    assert.equal(otherCode.status, 403);
    const db = await getDb();
    assert.equal((await db.select().from(phoneCodes).where(eq(phoneCodes.userId, a.userId))).length, 0);
  });

  const badPhones: [string, unknown][] = [
    ['missing phone', {}],
    ['empty phone', { phone: '' }],
    ['not a number', { phone: 'hello' }],
    ['an unassigned country code', { phone: '+99912345678' }],
    ['a channel that does not exist', { phone: '+21620111222', channel: 'pigeon' }],
    ['too short', { phone: '+2162012' }],
  ];
  for (const [name, body] of badPhones) {
    test(`confirm-phone rejects ${name} with 400`, async () => {
      const a = await member('badphone');
      const res = await call(confirmPhone, { params: { userId: a.userId }, body, cookie: a.cookie });
      assert.equal(res.status, 400);
      assert.equal(res.json.error!.code, 'VALIDATION_FAILED');
      assert.ok(res.json.error!.fields![(body as { channel?: string }).channel ? 'channel' : 'phone']);
    });
  }

  // A real number, but not a mobile: its own code, beside the field (tests/api/phone-codes.test.ts has more).
  for (const [name, phone] of [
    ['a landline', '+21671123456'],
    ['a UK landline', '+442079460018'],
  ])
    test(`confirm-phone refuses ${name} with 400 PHONE_NOT_MOBILE`, async () => {
      const a = await member('landline');
      const res = await call(confirmPhone, { params: { userId: a.userId }, body: { phone }, cookie: a.cookie });
      assert.equal(res.status, 400);
      assert.equal(res.json.error!.code, 'PHONE_NOT_MOBILE');
      assert.equal(res.json.error!.fields!.phone, 'Saisissez un numéro de mobile.');
    });

  // Listings leave from London and Istanbul: members there verify their phone like anyone else.
  for (const [country, typed, phone] of [
    ['the UK', '+44 7400 123456', '+447400123456'],
    ['Turkey', '+90 532 123 45 67', '+905321234567'],
  ] as const)
    test(`a mobile from ${country} verifies end to end`, async () => {
      const a = await member('abroad');
      const sent = await call(confirmPhone, { params: { userId: a.userId }, body: { phone: typed }, cookie: a.cookie });
      assert.equal(sent.status, 200, JSON.stringify(sent.json));
      assert.equal(sent.json.data.phone, phone);
      const sms = lastOutbox(phone)!;
      assert.equal(sms.channel, 'sms');
      const code = Number(/\b(\d{6})\b/.exec(sms.text)![1]);
      const ok = await call(validateCode, {
        params: { userId: a.userId },
        body: { confirmationPhoneCode: code },
        cookie: a.cookie,
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      assert.equal(ok.json.data.verifiedPhone, true);
      const db = await getDb();
      const [row] = await db.select().from(users).where(eq(users.id, a.userId));
      assert.equal(row!.phone, phone);
      assert.equal(row!.phoneVerified, true);
    });

  const badCodes: [string, unknown][] = [
    ['missing code', {}],
    ['a string', { confirmationPhoneCode: '123456' }],
    ['five digits', { confirmationPhoneCode: 12345 }],
    ['seven digits', { confirmationPhoneCode: 1234567 }],
    ['a decimal', { confirmationPhoneCode: 123456.5 }],
  ];
  for (const [name, body] of badCodes) {
    test(`validate-code rejects ${name} with 400`, async () => {
      const a = await member('badcode');
      const res = await call(validateCode, { params: { userId: a.userId }, body, cookie: a.cookie });
      assert.equal(res.status, 400);
      assert.equal(res.json.error!.code, 'VALIDATION_FAILED');
    });
  }

  test('the SMS code verifies the phone; resend waits; wrong tries are limited; a verified phone is unique', async () => {
    const a = await member('phone');
    const phone = '+21698765432';
    const sent = await call(confirmPhone, {
      params: { userId: a.userId },
      body: { phone: '+216 98 765 432' },
      cookie: a.cookie,
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    assert.equal(sent.json.data.phone, phone);
    const sms = lastOutbox(phone)!;
    assert.equal(sms.channel, 'sms');
    const code = Number(/\b(\d{6})\b/.exec(sms.text)![1]);

    const tooSoon = await call(confirmPhone, { params: { userId: a.userId }, body: { phone }, cookie: a.cookie });
    assert.equal(tooSoon.status, 429);
    assert.equal(tooSoon.json.error!.code, 'RESEND_TOO_SOON');

    const wrong = await call(validateCode, {
      params: { userId: a.userId },
      body: { confirmationPhoneCode: code === 999999 ? 100000 : code + 1 },
      cookie: a.cookie,
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error!.code, 'INVALID_PHONE_CODE');

    const ok = await call(validateCode, {
      params: { userId: a.userId },
      body: { confirmationPhoneCode: code },
      cookie: a.cookie,
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.equal(ok.json.data.verifiedPhone, true);
    const again = await call(confirmPhone, { params: { userId: a.userId }, body: { phone }, cookie: a.cookie });
    assert.equal(again.json.error!.code, 'PHONE_ALREADY_VERIFIED');

    const b = await member('phone-b');
    const taken = await call(confirmPhone, { params: { userId: b.userId }, body: { phone }, cookie: b.cookie });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.error!.code, 'PHONE_TAKEN');

    const c = await member('phone-c');
    await call(confirmPhone, { params: { userId: c.userId }, body: { phone: '+33612000111' }, cookie: c.cookie });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (
          await call(validateCode, {
            params: { userId: c.userId },
            body: { confirmationPhoneCode: 100000 + i },
            cookie: c.cookie,
          })
        ).status,
      );
    const locked = await call(validateCode, {
      params: { userId: c.userId },
      body: { confirmationPhoneCode: 100009 },
      cookie: c.cookie,
    });
    assert.equal(locked.json.error!.code, 'TOO_MANY_ATTEMPTS');
    assert.equal(locked.status, 429);
  });
});
