// Accounts no one can take over (issue 32): the three takeover sequences of the attackers' review, and
// what closes them, through the real social sign-in against the stand-in providers (./social-stand-in.ts).
// Each test here failed on the code before the change (see the closing note of issue 32).
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/social-holes.test.ts
import './social-keys';
import { CookieJar, stopStandIn, viaProvider, type Who } from './social-stand-in';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { call, confirmationLink, linkIn, mailsTo, member, signUpBody, uniqueEmail } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { accounts, users } from '@/lib/server/db/schema';
import { POST as signUp } from '@/app/api/user/v1/auth/sign-up/route';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { GET as session } from '@/app/api/user/v1/auth/session/route';
import { POST as confirmEmail } from '@/app/api/user/v1/users/[userId]/confirm-email/route';
import { DELETE as deleteMe, GET as getMe } from '@/app/api/user/v1/me/route';
import { POST as changeEmail } from '@/app/api/user/v1/me/email/route';
import { POST as confirmEmailChange } from '@/app/api/user/v1/me/email/confirm/route';
import { POST as confirmDeletion } from '@/app/api/user/v1/me/deletion/confirm/route';
import { DELETE as removeSignIn } from '@/app/api/user/v1/me/sign-ins/[provider]/route';

let next = 1;
const fresh = () => `198.18.32.${next++}`;
const who = (email: string, extra: Partial<Who> = {}): Who => ({
  sub: `sub-${randomUUID()}`,
  email,
  firstname: 'Intrus',
  lastname: 'Mallory',
  ...extra,
});

before(async () => {
  await migrateDb();
});
after(async () => {
  await stopStandIn();
  await closeDb();
});

/** The providers linked to the account of an address. */
async function providersOf(email: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ provider: accounts.providerId })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, email));
  return rows.map((row) => row.provider).sort();
}

/** Who a browser's cookies sign in as (null: no one). */
async function sessionOf(jar: CookieJar): Promise<string | null> {
  return (await call(session, { cookie: jar.header() })).json.data?.id ?? null;
}

describe('social sign-in trusts only what the provider verified', () => {
  test('an address Google did not verify opens no account and links nothing', async () => {
    const victim = await member('victim');
    const attempt = await viaProvider('google', who(victim.email, { emailVerified: false }), { address: fresh() });
    assert.equal(attempt.error, 'account_not_linked');
    assert.equal(attempt.signedIn, false);
    assert.deepEqual(await providersOf(victim.email), ['credential']);
  });

  test('Facebook never joins an account by its address', async () => {
    const victim = await member('fb-victim');
    const attempt = await viaProvider('facebook', who(victim.email), { address: fresh() });
    assert.equal(attempt.error, 'account_not_linked');
    assert.equal(attempt.signedIn, false);
    assert.deepEqual(await providersOf(victim.email), ['credential']);
  });

  test('a verified Google address joins the confirmed account; its owner is told, and can undo it', async () => {
    const owner = await member('linked');
    const google = who(owner.email, { firstname: 'Leila' });
    const linked = await viaProvider('google', google, { address: fresh() });
    assert.equal(linked.error, null);
    assert.equal(await sessionOf(linked.jar), owner.userId);
    assert.deepEqual(await providersOf(owner.email), ['credential', 'google']);
    const notice = mailsTo(owner.email).at(-1)!;
    assert.match(notice.subject!, /Google/);
    assert.match(notice.text, /\/fr\/parametres/);
    // Undone from the settings: Google no longer signs in here, and its session is over.
    const removed = await call(removeSignIn, { params: { provider: 'google' }, cookie: owner.cookie });
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.json.data.signIns, { password: true, providers: [] });
    assert.equal(await sessionOf(linked.jar), null);
    assert.equal(await sessionOf(new CookieJar(owner.cookie)), owner.userId);
    // The last way in stays.
    const [account] = await (
      await getDb()
    )
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, owner.userId), eq(accounts.providerId, 'credential')));
    assert.ok(account);
  });
});

describe('sign-ups that cannot be hijacked', () => {
  test('a social sign-up before the owner gets no session; the owner’s sign-up leaves the intruder outside', async () => {
    const email = uniqueEmail('owner-later');
    const intruder = who(email);
    const first = await viaProvider('facebook', intruder, { signUp: true, address: fresh() });
    assert.equal(first.error, 'email_unconfirmed');
    assert.equal(first.signedIn, false);
    assert.equal(await sessionOf(first.jar), null);

    // The real owner signs up with a password, and confirms with the link and that password.
    const owner = { ...signUpBody(email), firstname: 'Nour', password: 'mine1234', confirmPassword: 'mine1234' };
    assert.equal((await call(signUp, { body: owner, address: fresh() })).status, 200);
    // The intruder's Facebook link is gone already; the owner's password waits for the confirmation.
    assert.deepEqual(await providersOf(email), []);
    const link = confirmationLink(email);
    const confirmed = await call(confirmEmail, { params: link, body: { token: link.token, password: 'mine1234' } });
    assert.deepEqual(confirmed.json.data, { status: 'confirmed' });

    const signedIn = await call(signIn, { body: { email, password: 'mine1234' }, address: fresh() });
    assert.equal(signedIn.json.data.firstname, 'Nour');
    const again = await viaProvider('facebook', intruder, { jar: first.jar, address: fresh() });
    assert.equal(again.signedIn, false);
    assert.equal(await sessionOf(again.jar), null);
    assert.deepEqual(await providersOf(email), ['credential']);
  });

  test('a Facebook newcomer confirms by e-mail and Facebook in the same browser; the link alone opens nothing', async () => {
    const email = uniqueEmail('fb-newcomer');
    const newcomer = who(email, { firstname: 'Salma' });
    const first = await viaProvider('facebook', newcomer, { signUp: true, address: fresh() });
    assert.equal(first.error, 'email_unconfirmed');
    const link = confirmationLink(email);

    // Someone else's browser with the link, and a Facebook account of their own: nothing.
    const stranger = new CookieJar();
    const proof = await call(confirmEmail, { params: link, body: { token: link.token } });
    assert.deepEqual(proof.json.data, { status: 'provider', provider: 'facebook' });
    stranger.take(proof.response);
    const other = await viaProvider('facebook', who(uniqueEmail('elsewhere')), { jar: stranger, address: fresh() });
    assert.equal(other.signedIn, false);
    const db = await getDb();
    const [pending] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
    assert.equal(pending!.verified, false);

    // The newcomer's browser: the link, then Facebook.
    const own = await call(confirmEmail, { params: link, body: { token: link.token } });
    first.jar.take(own.response);
    const done = await viaProvider('facebook', newcomer, { jar: first.jar, address: fresh() });
    assert.equal(done.error, null);
    assert.equal(done.signedIn, true);
    const [row] = await db
      .select({ id: users.id, verified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email));
    assert.equal(row!.verified, true);
    assert.equal(await sessionOf(done.jar), row!.id);
  });

  test('a second sign-up before the owner’s click: the owner’s password confirms the owner’s sign-up', async () => {
    const email = uniqueEmail('clicked-late');
    const owner = { ...signUpBody(email), firstname: 'Nour', password: 'mine1234', confirmPassword: 'mine1234' };
    assert.equal((await call(signUp, { body: owner, address: fresh() })).status, 200);
    const intruder = { ...signUpBody(email), firstname: 'Intrus', password: 'theirs12', confirmPassword: 'theirs12' };
    assert.equal((await call(signUp, { body: intruder, address: fresh() })).status, 200);
    // The owner opens the newest e-mail there is, with the password they chose.
    const link = confirmationLink(email);
    const confirmed = await call(confirmEmail, { params: link, body: { token: link.token, password: 'mine1234' } });
    assert.deepEqual(confirmed.json.data, { status: 'confirmed' });
    const theirs = await call(signIn, { body: { email, password: 'theirs12' }, address: fresh() });
    assert.equal(theirs.json.error!.code, 'INVALID_CREDENTIALS');
    const mine = await call(signIn, { body: { email, password: 'mine1234' }, address: fresh() });
    assert.equal(mine.json.data.firstname, 'Nour');
  });

  test('a sign-up by someone else first: the owner’s later sign-up, with its own password and names, is the one confirmed', async () => {
    const email = uniqueEmail('squatted');
    const intruder = { ...signUpBody(email), firstname: 'Intrus', password: 'theirs12', confirmPassword: 'theirs12' };
    assert.equal((await call(signUp, { body: intruder, address: fresh() })).status, 200);
    const owner = { ...signUpBody(email), firstname: 'Nour', password: 'mine1234', confirmPassword: 'mine1234' };
    assert.equal((await call(signUp, { body: owner, address: fresh() })).status, 200);
    const link = confirmationLink(email);
    const wrong = await call(confirmEmail, { params: link, body: { token: link.token, password: 'guessed1' } });
    assert.equal(wrong.json.error!.code, 'CONFIRM_PASSWORD_INVALID');
    await call(confirmEmail, { params: link, body: { token: link.token, password: 'mine1234' } });
    assert.equal(
      (await call(signIn, { body: { email, password: 'theirs12' }, address: fresh() })).json.error!.code,
      'INVALID_CREDENTIALS',
    );
    const mine = await call(signIn, { body: { email, password: 'mine1234' }, address: fresh() });
    assert.equal(mine.json.data.firstname, 'Nour');
  });
});

describe('members without a password', () => {
  /** A member made through Google (a verified address), signed in. */
  async function googleMember(label: string) {
    const email = uniqueEmail(label);
    const made = await viaProvider('google', who(email, { firstname: 'Rim' }), { signUp: true, address: fresh() });
    assert.equal(made.error, null);
    return { email, cookie: made.jar.header() };
  }

  test('change their address from the current mailbox, then the new one', async () => {
    const m = await googleMember('no-password');
    const me = await call(getMe, { cookie: m.cookie });
    assert.deepEqual(me.json.data.signIns, { password: false, providers: ['google'] });
    const moved = uniqueEmail('moved');
    const asked = await call(changeEmail, { body: { email: moved }, cookie: m.cookie });
    assert.deepEqual(asked.json.data, { sentTo: 'current-address' });
    assert.equal(mailsTo(moved).length, 0);
    const approval = linkIn(mailsTo(m.email).at(-1)!.text).searchParams.get('token')!;
    const approved = await call(confirmEmailChange, { body: { token: approval } });
    assert.deepEqual(approved.json.data, { status: 'link-sent' });
    const token = linkIn(mailsTo(moved).at(-1)!.text).searchParams.get('token')!;
    assert.deepEqual((await call(confirmEmailChange, { body: { token } })).json.data, { status: 'changed' });
    assert.equal((await call(getMe, { cookie: m.cookie })).json.data.email, moved);
  });

  test('delete their account by a link e-mailed to them', async () => {
    const m = await googleMember('leaving');
    const asked = await call(deleteMe, { body: {}, cookie: m.cookie });
    assert.deepEqual(asked.json.data, { status: 'link-sent' });
    assert.equal((await call(getMe, { cookie: m.cookie })).status, 200);
    const token = linkIn(mailsTo(m.email).at(-1)!.text).searchParams.get('token')!;
    const deleted = await call(confirmDeletion, { body: { token } });
    assert.deepEqual(deleted.json.data, { status: 'deleted' });
    assert.equal((await call(getMe, { cookie: m.cookie })).status, 401);
    const db = await getDb();
    assert.equal((await db.select().from(users).where(eq(users.email, m.email))).length, 0);
    assert.equal((await call(confirmDeletion, { body: { token } })).json.error!.code, 'INVALID_EMAIL_TOKEN');
  });
});
