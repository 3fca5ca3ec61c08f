// How to make a valid request to each endpoint of the authorization matrix (authorization-matrix.ts), for
// each caller, and the accounts they act on: authorization.test.ts sends them, authorization-matrix.test.ts
// checks that there is one for every row.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import {
  call,
  confirmationLink,
  deleteListingsOf,
  drainJobs,
  lastOutbox,
  linkIn,
  member,
  parcelBody,
  signUpBody,
  solvedCaptcha,
  tripBody,
  uniqueEmail,
  trader,
} from './helpers';
import type { Caller } from './authorization-matrix';
import { apiCollections } from '@/lib/server/http/endpoints';
import { getDb } from '@/lib/server/db/client';
import { accounts, newsletterSubscriptions, routeAlerts, users } from '@/lib/server/db/schema';
import { memberRecord } from '@/lib/server/moderation/moderation';
import { myIdentity, submitIdentity } from '@/lib/server/moderation/identity';
import { subscribe } from '@/lib/server/public/newsletter';
import { getAuth } from '@/lib/server/auth/auth';
import { createListing, getListing } from '@/lib/server/listings/listings';
import { acceptProposal, counterProposal, deliver, getProposal, pickUp, propose } from '@/lib/server/deals/proposals';
import { deleteAccount, requestEmailChange } from '@/lib/server/members/settings';
import { createAlert } from '@/lib/server/public/alerts';
import { alertInputSchema } from '@/lib/schemas/member';
import { getConversation, openConversation, sendImage } from '@/lib/server/deals/messaging';
import { packageInputSchema, travelInputSchema } from '@/lib/schemas/listings';
import type { ListingKind } from '@/lib/domain';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { POST as signUp } from '@/app/api/user/v1/auth/sign-up/route';
import { unsubscribeToken } from '@/lib/server/notify/unsubscribe';
import { POST as confirmPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';

type Member = Awaited<ReturnType<typeof member>>;
type Answer = Awaited<ReturnType<typeof call>>;

/** A valid request to an endpoint, and what the test needs to judge the answer. */
export type Valid = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  /** The owner of what the request acts on, when it is not the file's `owner` (or needs a fresh session). */
  owner?: Member;
  /** The other caller, when it needs a session of its own. */
  other?: Member;
  /** The account of a `null` owner cell: it must not be able to sign in. */
  unconfirmed?: { email: string; password: string };
  /** The resource as stored: a refused request must leave it as it was. */
  read?: () => Promise<unknown>;
  /** More than the status, where the answer differs by caller. */
  check?: (caller: Caller, answer: Answer) => void;
};

let owner: Member;
let other: Member;
/** The other side of the proposals and conversations about `owner`'s listings. */
let proposer: Member;
let jpeg: Buffer;

/** A client address per request, so that no limit of lib/server/limits.ts decides instead of the session. */
let requests = 0;
export const address = () => `2001:db8:a17:${(++requests).toString(16)}::${(process.pid % 0xffff).toString(16)}`;

/** Members made for single requests: their listings are deleted after the file. */
const extraMembers: Member[] = [];

/** The file's members, and a picture to upload; before the first request. */
export async function makeMembers() {
  owner = await trader('owner');
  other = await trader('other');
  proposer = await trader('proposer');
  jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#1B7F79' } })
    .jpeg()
    .toBuffer();
}

/** After the file: the listings of every member it made. */
export async function deleteListingsOfMembers() {
  await deleteListingsOf(owner.userId, other.userId, proposer.userId, ...extraMembers.map((m) => m.userId));
}

/** The session a caller sends: none for a guest; the request's own member, else the file's. */
export const sessionOf = (caller: Caller, valid: Valid) =>
  ({ guest: undefined, other: valid.other ?? other, owner: valid.owner ?? owner })[caller];

const bodies = { package: parcelBody(), travel: tripBody() } satisfies Record<ListingKind, unknown>;

/** An account that signed up and has not confirmed its address yet. */
async function unconfirmed() {
  const email = uniqueEmail('pending');
  assert.equal((await call(signUp, { body: signUpBody(email), address: address() })).status, 200);
  return { email, password: 'secret12', ...confirmationLink(email) };
}

/** A new session of an account (its cookie), as a sign-in gives it. */
async function signedIn(m: Member, password = 'secret12'): Promise<Member> {
  const answer = await call(signIn, { body: { email: m.email, password }, address: address() });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return { ...m, cookie: answer.cookie! };
}

let phones = 0;
/** A Tunisian mobile number of its own (the SMS limits count per number). */
const phone = () => `+2162${String((process.pid * 1000 + ++phones) % 1e7).padStart(7, '0')}`;

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function listingRequests(kind: ListingKind) {
  const collection = `/${apiCollections[kind]}`;
  const input = kind === 'package' ? packageInputSchema : travelInputSchema;
  const listing = async (): Promise<Valid> => {
    const { id } = await createListing(kind, owner.userId, input.parse(bodies[kind]));
    return { params: { id }, read: () => getListing(kind, id) };
  };
  const requests: Record<string, (caller: Caller) => Promise<Valid>> = {
    [`GET ${collection}`]: async () => ({ query: { from: 'Tunis' } }),
    [`POST ${collection}`]: async () => ({ body: bodies[kind] }),
    [`GET ${collection}/{id}`]: listing,
    [`PUT ${collection}/{id}`]: async () => ({ ...(await listing()), body: { ...bodies[kind], pricePerKg: 11 } }),
    [`DELETE ${collection}/{id}`]: listing,
    [`POST ${collection}/{id}/status`]: async () => ({ ...(await listing()), body: { status: 'expired' } }),
  };
  if (kind === 'package')
    requests[`POST ${collection}/{id}/images`] = async () => {
      const form = new FormData();
      form.append('images', new File([new Uint8Array(jpeg)], 'colis.jpg', { type: 'image/jpeg' }));
      return { ...(await listing()), form };
    };
  return requests;
}

/**
 * Proposals and conversations between `owner` (the listing's) and `proposer`, each on a listing of its
 * own, built through the services up to the stage a request needs.
 */
function dealRequests(): Record<string, (caller: Caller) => Promise<Valid>> {
  const listing = async () =>
    (await createListing('package', owner.userId, packageInputSchema.parse(bodies.package))).id;
  const deal = async (stage: 'pending' | 'countered' | 'accepted' | 'in_transit') => {
    const listingId = await listing();
    const { id } = await propose(proposer.userId, { listingKind: 'package', listingId, amount: 40 });
    if (stage === 'countered') await counterProposal(owner.userId, id, 45);
    if (stage === 'accepted' || stage === 'in_transit') await acceptProposal(owner.userId, id);
    const codes = (await getProposal(owner.userId, id)).handover;
    if (stage === 'in_transit') await pickUp(proposer.userId, id, codes!.pickupCode);
    const read = () => getProposal(owner.userId, id);
    return { params: { id }, read, codes };
  };
  const talk = async () => {
    const listingId = await listing();
    const opened = await openConversation(proposer.userId, 'fr', { listingKind: 'package', listingId });
    return { params: { id: opened.id }, read: () => getConversation(owner.userId, opened.id), opened };
  };
  return {
    'POST /proposals': async () => ({ body: { listingKind: 'package', listingId: await listing(), amount: 40 } }),
    'GET /proposals': async () => ({ query: { role: 'received' } }),
    'GET /proposals/{id}': async () => deal('pending'),
    'PUT /proposals/{id}': async () => ({ ...(await deal('pending')), body: { amount: 42 }, owner: proposer }),
    'POST /proposals/{id}/cancel': async () => ({ ...(await deal('pending')), owner: proposer }),
    'POST /proposals/{id}/accept': async () => deal('pending'),
    'POST /proposals/{id}/decline': async () => ({ ...(await deal('countered')), owner: proposer }),
    'POST /proposals/{id}/counter': async () => ({ ...(await deal('pending')), body: { amount: 47 } }),
    'POST /proposals/{id}/pickup': async () => {
      const made = await deal('accepted');
      return { ...made, body: { code: made.codes!.pickupCode }, owner: proposer };
    },
    'POST /proposals/{id}/deliver': async () => {
      const made = await deal('in_transit');
      return { ...made, body: { code: made.codes!.deliveryCode }, owner: proposer };
    },
    'GET /conversations': async () => ({}),
    'POST /conversations': async () => ({
      body: { listingKind: 'package', listingId: await listing(), body: 'Bonjour' },
    }),
    'GET /conversations/{id}': talk,
    'POST /conversations/{id}/messages': async () => ({ ...(await talk()), body: { body: 'Toujours là ?' } }),
    'POST /conversations/{id}/images': async () => {
      const form = new FormData();
      form.append('images', new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }));
      return { ...(await talk()), form };
    },
    'POST /conversations/{id}/receipts': async () => {
      const made = await talk();
      return { ...made, body: { status: 'read', upTo: made.opened.messages.at(-1)!.id } };
    },
    'GET /messages/{id}/image': async () => {
      const { opened } = await talk();
      const file = new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' });
      const message = await sendImage(proposer.userId, opened.id, [file]);
      return { params: { id: message.id } };
    },
    'GET /events': async () => ({}),
  };
}

/** Drops a member's password, as an account made through a provider has none. */
async function withoutPassword(m: Member): Promise<Member> {
  const db = await getDb();
  await db.delete(accounts).where(and(eq(accounts.userId, m.userId), eq(accounts.providerId, 'credential')));
  return m;
}

/** Links a provider account to a member, as a provider's sign-in does. */
async function linkProvider(userId: string, providerId: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(accounts)
    .values({ id: `${providerId}-${userId}`, userId, accountId: `${providerId}-${userId}`, providerId });
}

/**
 * The member space. /me acts on the caller's own account (`other` and `owner` alike); a password,
 * e-mail or deletion on fresh accounts, so that the file's members keep theirs. On /users/{userId}/...
 * the owner is that user (refused: not oneself) and `other` a member who may act (for a rating, one
 * with a delivered deal with them).
 */
function memberRequests(): Record<string, (caller: Caller) => Promise<Valid>> {
  const fresh = async (caller: Caller) => (caller === 'guest' ? {} : { [caller]: await member(`matrix-${caller}`) });
  const listing = async (kind: ListingKind) =>
    (
      await createListing(
        kind,
        owner.userId,
        (kind === 'package' ? packageInputSchema : travelInputSchema).parse(bodies[kind]),
      )
    ).id;
  const target = async () => {
    const them = await trader('target');
    extraMembers.push(them);
    return { params: { userId: them.userId }, owner: them };
  };
  const delivered = async (sender: Member, carrier: Member) => {
    const listingId = (await createListing('package', sender.userId, packageInputSchema.parse(bodies.package))).id;
    const { id } = await propose(carrier.userId, { listingKind: 'package', listingId, amount: 40 });
    await acceptProposal(sender.userId, id);
    const codes = (await getProposal(sender.userId, id)).handover!;
    await pickUp(carrier.userId, id, codes.pickupCode);
    await deliver(carrier.userId, id, codes.deliveryCode);
  };
  const alertOf = async (m: Member) =>
    createAlert(m.userId, alertInputSchema.parse({ kind: 'package', filters: { toCountry: 'FR' } }));
  const avatar = () => {
    const form = new FormData();
    form.append('images', new File([new Uint8Array(jpeg)], 'me.jpg', { type: 'image/jpeg' }));
    return form;
  };
  const favourite = (kind: ListingKind) => async () => ({ params: { id: await listing(kind) } });
  return {
    'GET /me': async () => ({}),
    'PATCH /me': async () => ({ body: { lastname: 'Matrix' } }),
    'DELETE /me': async (caller) => ({ ...(await fresh(caller)), body: { password: 'secret12' } }),
    // A member without a password (a provider's) gets a link that deletes; anyone holding it may follow it.
    'POST /me/deletion/confirm': async () => {
      const m = await withoutPassword(await member('leaving'));
      await deleteAccount(m.userId, undefined);
      await drainJobs();
      return { body: { token: linkIn(lastOutbox(m.email)!.text).searchParams.get('token')! } };
    },
    // The owner has Google linked beside a password; `other` has no Google to remove (404).
    'DELETE /me/sign-ins/{provider}': async (caller) => {
      const m = caller === 'guest' ? undefined : await member(`sign-ins-${caller}`);
      if (m && caller === 'owner') await linkProvider(m.userId, 'google');
      return { params: { provider: 'google' }, ...(m ? { [caller]: m } : {}) };
    },
    'POST /me/avatar': async () => ({ form: avatar() }),
    'DELETE /me/avatar': async () => ({}),
    'POST /me/password': async (caller) => ({
      ...(await fresh(caller)),
      body: { currentPassword: 'secret12', password: 'changed12', confirmPassword: 'changed12' },
    }),
    'POST /me/email': async (caller) => ({
      ...(await fresh(caller)),
      body: { email: uniqueEmail('moving'), password: 'secret12' },
    }),
    'POST /me/email/confirm': async () => {
      const m = await member('confirming');
      const email = uniqueEmail('moved');
      await requestEmailChange(m.userId, { email, password: 'secret12' });
      await drainJobs();
      return { body: { token: linkIn(lastOutbox(email)!.text).searchParams.get('token')! } };
    },
    'GET /me/dashboard': async () => ({}),
    'GET /me/listings': async () => ({ query: { kind: 'travel' } }),
    'GET /me/export': async () => ({}),
    'GET /favourites': async () => ({}),
    'GET /favourites/ids': async () => ({}),
    'PUT /packages/{id}/favourite': favourite('package'),
    'DELETE /packages/{id}/favourite': favourite('package'),
    'PUT /travels/{id}/favourite': favourite('travel'),
    'DELETE /travels/{id}/favourite': favourite('travel'),
    'GET /users/{userId}/profile': async () => ({
      params: { userId: owner.userId },
      check: (caller, answer) =>
        assert.equal(answer.json.data.viewer?.self ?? null, { guest: null, other: false, owner: true }[caller]),
    }),
    'PUT /users/{userId}/like': target,
    'DELETE /users/{userId}/like': target,
    'POST /users/{userId}/ratings': async (caller) => {
      const made = await target();
      const rater = await trader('rater');
      extraMembers.push(rater);
      if (caller === 'other') await delivered(made.owner, rater);
      return { ...made, other: rater, body: { score: 5, comment: 'Parfait' } };
    },
    'POST /users/{userId}/reports': async () => ({ ...(await target()), body: { reason: 'suspicious', details: '' } }),
    'PUT /users/{userId}/block': target,
    'DELETE /users/{userId}/block': target,
    'GET /me/blocks': async () => ({}),
    'GET /alerts': async () => ({}),
    'POST /alerts': async () => ({ body: { kind: 'travel', filters: { from: 'Tunis', toCountry: 'FR' } } }),
    'DELETE /alerts/{id}': async () => ({ params: { id: (await alertOf(owner)).id } }),
    'POST /alerts/unsubscribe': async () => {
      const { id } = await alertOf(owner);
      const db = await getDb();
      const [row] = await db.select().from(routeAlerts).where(eq(routeAlerts.id, id));
      return { query: { token: row!.unsubscribeToken } };
    },
    'GET /push/key': async () => ({}),
    'POST /push/subscriptions': async () => ({ body: pushBrowser() }),
    'DELETE /push/subscriptions': async () => ({ body: { endpoint: pushBrowser().endpoint } }),
    'POST /push/shown': async () => ({ body: { tag: 'conversation:none' } }),
    // The link of a notification e-mail turns that kind off for its member, whoever follows it.
    'POST /notifications/unsubscribe': async () => ({
      query: { token: await unsubscribeToken(await getDb(), owner.userId, 'messages') },
    }),
  };
}

/** A browser's push subscription (keys of the right shape; nothing is sent to it here). */
const pushBrowser = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
});

// A password reset signs every session of its account out: each caller gets a token of its own,
// and the owner signs in again (with the password the previous caller set) before its own call.
const resetAccount = once(async () => ({ member: await member('reset'), password: 'secret12', resets: 0 }));

// The code of a pending phone confirmation stays valid while guests and others are refused.
const pendingPhoneCode = once(async () => {
  const m = await member('phone');
  const number = phone();
  const sent = await call(confirmPhone, { params: { userId: m.userId }, body: { phone: number }, cookie: m.cookie });
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
  return { member: m, code: Number(/\b(\d{6})\b/.exec(lastOutbox(number)!.text)![1]) };
});

/** A newsletter subscription of its own: the token of its confirmation link, and of its unsubscribe link. */
async function newsletterSubscriber() {
  const email = uniqueEmail('reader');
  await subscribe(email, 'fr', address());
  await drainJobs();
  const confirmToken = linkIn(lastOutbox(email)!.text).searchParams.get('token')!;
  const db = await getDb();
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return { confirmToken, unsubscribeToken: row!.unsubscribeToken };
}

/** A staff member (the demo's moderator role), made once. */
const moderator = once(async () => {
  const m = await member('moderator');
  const db = await getDb();
  await db.update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
  extraMembers.push(m);
  return m;
});

function identityPictures(): FormData {
  const form = new FormData();
  for (const part of ['document', 'selfie'])
    form.append(part, new File([new Uint8Array(jpeg)], `${part}.jpg`, { type: 'image/jpeg' }));
  return form;
}

/** Moderation, staff only; and the member's own identity check (on fresh accounts: one check waits per member). */
function moderationRequests(): Record<string, (caller: Caller) => Promise<Valid>> {
  const pendingCheck = async () => {
    const applicant = await member('applicant');
    extraMembers.push(applicant);
    const { check } = await submitIdentity(applicant.userId, identityPictures());
    return { id: check!.id, read: () => myIdentity(applicant.userId) };
  };
  const target = async () => {
    const them = await member('moderated');
    extraMembers.push(them);
    return them;
  };
  const fresh = async (caller: Caller) => (caller === 'guest' ? {} : { [caller]: await member(`identity-${caller}`) });
  return {
    'GET /moderation/queue': async () => ({ owner: await moderator() }),
    'GET /moderation/members': async () => ({ query: { q: 'matrix' }, owner: await moderator() }),
    'GET /moderation/members/{userId}': async () => ({ params: { userId: owner.userId }, owner: await moderator() }),
    'POST /moderation/members/{userId}/actions': async () => {
      const them = await target();
      return {
        params: { userId: them.userId },
        body: { action: 'warn', reason: 'Restez courtois' },
        owner: await moderator(),
        read: () => memberRecord(them.userId),
      };
    },
    'POST /moderation/listings/{id}/actions': async () => {
      const { id } = await createListing('package', owner.userId, packageInputSchema.parse(bodies.package));
      return {
        params: { id },
        body: { kind: 'package', action: 'hide_listing', reason: 'Objet interdit' },
        owner: await moderator(),
        read: () => getListing('package', id, true),
      };
    },
    'GET /moderation/identity/{id}/{file}': async () => ({
      params: { id: (await pendingCheck()).id, file: 'document' },
      owner: await moderator(),
    }),
    'POST /moderation/identity/{id}/decision': async () => {
      const check = await pendingCheck();
      return { params: { id: check.id }, body: { decision: 'approve' }, owner: await moderator(), read: check.read };
    },
    'GET /me/identity': async () => ({}),
    'POST /me/identity': async (caller) => ({ ...(await fresh(caller)), form: identityPictures() }),
  };
}

/** How to make a valid request to each endpoint, keyed as the matrix is; called once per caller. */
export const validRequests: Record<string, (caller: Caller) => Promise<Valid>> = {
  'POST /auth/sign-up': async () => ({ body: signUpBody(uniqueEmail('new')) }),
  'POST /auth/resend-confirmation': async () => ({
    body: { email: (await unconfirmed()).email },
  }),
  'POST /auth/sign-in': async () => ({ body: { email: owner.email, password: 'secret12' } }),
  // Each caller signs out a session of its own, so that the file's members stay signed in.
  'POST /auth/sign-out': async (caller) => ({
    owner: caller === 'owner' ? await signedIn(owner) : undefined,
    other: caller === 'other' ? await signedIn(other) : undefined,
  }),
  'GET /auth/session': async () => ({
    check: (caller, answer) =>
      assert.equal(answer.json.data?.id ?? null, { guest: null, other: other.userId, owner: owner.userId }[caller]),
  }),
  'POST /auth/forgot-password': async () => ({ body: { email: uniqueEmail('forgot') } }),
  'GET /users/{userId}': async () => ({
    params: { userId: owner.userId },
    // Only the user themself sees their contact details.
    check: (caller, answer) => assert.equal(answer.json.data.email, caller === 'owner' ? owner.email : undefined),
  }),
  'POST /users/{userId}/confirm-email': async () => {
    const { userId, token, email, password } = await unconfirmed();
    return { params: { userId }, body: { token, password }, unconfirmed: { email, password } };
  },
  'POST /users/{userId}/resend-confirmation': async () => {
    const { userId, email, password } = await unconfirmed();
    return { params: { userId }, unconfirmed: { email, password } };
  },
  'POST /users/{userId}/reset-password': async (caller) => {
    const account = await resetAccount();
    const auth = await getAuth();
    await auth.api.requestPasswordReset({ body: { email: account.member.email } });
    await drainJobs();
    const token = linkIn(lastOutbox(account.member.email)!.text).searchParams.get('token')!;
    const signedInOwner = caller === 'owner' ? await signedIn(account.member, account.password) : undefined;
    account.password = `changed${++account.resets}x`;
    return {
      params: { userId: account.member.userId },
      body: { token, password: account.password, confirmPassword: account.password },
      owner: signedInOwner,
    };
  },
  'POST /users/{userId}/confirm-phone': async () => ({ params: { userId: owner.userId }, body: { phone: phone() } }),
  'GET /users/{userId}/confirm-phone': async () => ({ params: { userId: owner.userId } }),
  'POST /users/{userId}/validate-code': async () => {
    const { member: m, code } = await pendingPhoneCode();
    return { params: { userId: m.userId }, body: { confirmationPhoneCode: code }, owner: m };
  },
  ...listingRequests('package'),
  ...listingRequests('travel'),
  ...dealRequests(),
  'GET /nearby': async () => ({ query: { lat: '36.8065', lng: '10.1815', radius: '50', type: 'all' } }),
  ...memberRequests(),
  'GET /places': async () => ({ query: { q: 'Sous' } }),
  'GET /price-estimate': async () => ({ query: { weight: '5', from: 'Paris', to: 'Tunis', currency: 'TND' } }),
  'GET /route-prices': async () => ({ query: { from: '2988507', to: '2464470' } }),
  'GET /contact/captcha': async () => ({}),
  'POST /contact': async () => ({
    body: {
      name: 'Amel Ben Salah',
      email: uniqueEmail('contact'),
      subject: 'Une question',
      message: 'Bonjour, une question sur un envoi.',
      altcha: await solvedCaptcha(),
      locale: 'fr',
    },
  }),
  'POST /newsletter': async () => ({ body: { email: uniqueEmail('news'), locale: 'fr' } }),
  'POST /newsletter/confirm': async () => ({ body: { token: (await newsletterSubscriber()).confirmToken } }),
  'POST /newsletter/unsubscribe': async () => ({ body: { token: (await newsletterSubscriber()).unsubscribeToken } }),
  'GET /newsletter/unsubscribe': async () => ({ query: { token: (await newsletterSubscriber()).unsubscribeToken } }),
  'GET /openapi.json': async () => ({}),
  ...moderationRequests(),
  'POST /page-events': async () => ({ body: { type: 'view', path: '/fr/colis' } }),
  'GET /statistics': async () => ({ owner: await moderator() }),
  'GET /statistics/export': async () => ({ owner: await moderator() }),
};
