// The member space through the API, against a real database: the dashboard's counts, my listings and
// their status transitions, favourites, likes, ratings after a deal, reports and the flag, public
// profiles and the reliability record, settings (names, avatar, password, e-mail, language, e-mail
// switches), my data, and deleting an account.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/member.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { call, deleteListingsOf, lastOutbox, linkIn, member } from './helpers';
import { rowCounts } from './table-counts';
import type { ListingKind, ListingStatus } from '@/lib/domain';
import { z } from '@/lib/zod';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { messages, packages, proposals, travels, users } from '@/lib/server/db/schema';
import { acceptProposal, cancelProposal, deliver, getProposal, pickUp, propose } from '@/lib/server/deals/proposals';
import { openConversation, sendMessage } from '@/lib/server/deals/messaging';
import { openListingIds, statusChanges } from '@/lib/server/listings/listings';
import { isFlagged } from '@/lib/server/members/reports';
import { outboxDir } from '@/lib/server/mail/outbox';
import { uploadPath } from '@/lib/server/storage';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as createTravel } from '@/app/api/user/v1/travels/route';
import { GET as getPackage, DELETE as deletePackage } from '@/app/api/user/v1/packages/[id]/route';
import { POST as packageStatus } from '@/app/api/user/v1/packages/[id]/status/route';
import { POST as travelStatus } from '@/app/api/user/v1/travels/[id]/status/route';
import { POST as uploadImages } from '@/app/api/user/v1/packages/[id]/images/route';
import { PUT as savePackage, DELETE as unsavePackage } from '@/app/api/user/v1/packages/[id]/favourite/route';
import { PUT as saveTravel, DELETE as unsaveTravel } from '@/app/api/user/v1/travels/[id]/favourite/route';
import { GET as favouritesList } from '@/app/api/user/v1/favourites/route';
import { GET as favouriteIds } from '@/app/api/user/v1/favourites/ids/route';
import { GET as dashboard } from '@/app/api/user/v1/me/dashboard/route';
import { GET as myListings } from '@/app/api/user/v1/me/listings/route';
import { GET as getMe, PATCH as patchMe, DELETE as deleteMe } from '@/app/api/user/v1/me/route';
import { POST as setAvatar, DELETE as removeAvatar } from '@/app/api/user/v1/me/avatar/route';
import { POST as changePassword } from '@/app/api/user/v1/me/password/route';
import { POST as changeEmail } from '@/app/api/user/v1/me/email/route';
import { POST as confirmEmailChange } from '@/app/api/user/v1/me/email/confirm/route';
import { GET as exportData } from '@/app/api/user/v1/me/export/route';
import { GET as profile } from '@/app/api/user/v1/users/[userId]/profile/route';
import { PUT as like, DELETE as unlike } from '@/app/api/user/v1/users/[userId]/like/route';
import { POST as rate } from '@/app/api/user/v1/users/[userId]/ratings/route';
import { POST as report } from '@/app/api/user/v1/users/[userId]/reports/route';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { GET as session } from '@/app/api/user/v1/auth/session/route';
import { POST as proposeRoute } from '@/app/api/user/v1/proposals/route';

type Member = Awaited<ReturnType<typeof member>>;
const day = 24 * 3600 * 1000;
const soon = (days: number) => new Date(Date.now() + days * day).toISOString();
const made: Member[] = [];

async function someone(label: string) {
  const m = await member(label);
  made.push(m);
  return m;
}

let addresses = 0;
const address = () => `2001:db8:12:${process.pid.toString(16)}::${(++addresses).toString(16)}`;

async function newPackage(owner: Member, extra: Record<string, unknown> = {}) {
  const answer = await call(createPackage, {
    cookie: owner.cookie,
    body: {
      name: 'Vêtements',
      from: { city: 'Tunis' },
      to: { city: 'Marseille' },
      startedAt: soon(3),
      endedAt: soon(6),
      weightKg: 4,
      pricePerKg: 15,
      currency: 'TND',
      ...extra,
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data.id as string;
}

async function newTravel(owner: Member, extra: Record<string, unknown> = {}) {
  const answer = await call(createTravel, {
    cookie: owner.cookie,
    body: {
      from: { city: 'Sfax' },
      to: { city: 'Lyon' },
      startedAt: soon(2),
      endedAt: soon(3),
      pricePerKg: 9,
      currency: 'EUR',
      travelType: 'plane',
      ...extra,
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data.id as string;
}

/** A parcel deal between its sender (the package's owner) and a carrier, up to a stage. */
async function deal(sender: Member, carrier: Member, stage: 'accepted' | 'delivered') {
  const listingId = await newPackage(sender);
  const proposal = await propose(carrier.userId, { listingKind: 'package', listingId, amount: 50 });
  await acceptProposal(sender.userId, proposal.id);
  if (stage === 'delivered') {
    const codes = (await getProposal(sender.userId, proposal.id)).handover!;
    await pickUp(carrier.userId, proposal.id, codes.pickupCode);
    await deliver(carrier.userId, proposal.id, codes.deliveryCode);
  }
  return { listingId, proposalId: proposal.id };
}

const jpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#3B5173' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'gps-and-secrets' } })
    .toBuffer();

function imageForm(data: Buffer, name = 'me.jpg') {
  const form = new FormData();
  form.append('images', new File([new Uint8Array(data)], name, { type: 'image/jpeg' }));
  return form;
}

/** Every outbox e-mail to an address. */
function mailsTo(to: string) {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string })
    .filter((m) => m.to === to);
}

before(async () => {
  await migrateDb();
});
after(async () => {
  await deleteListingsOf(...made.map((m) => m.userId));
  await closeDb();
});

describe('my listings', () => {
  test('every state, with proposals, unread messages and favourites; the dashboard counts them', async () => {
    const owner = await someone('owner');
    const fan = await someone('fan');
    const packageId = await newPackage(owner);
    const travelId = await newTravel(owner);
    await propose(fan.userId, { listingKind: 'package', listingId: packageId, amount: 30 });
    await call(savePackage, { params: { id: packageId }, cookie: fan.cookie });

    const mine = await call(myListings, { cookie: owner.cookie, query: { kind: 'package' } });
    assert.equal(mine.status, 200);
    const [item] = mine.json.data.items;
    assert.equal(item.listing.id, packageId);
    assert.equal(item.proposals.length, 1);
    assert.equal(item.proposals[0].proposer.id, fan.userId);
    assert.equal(item.unread, 1, 'the proposal is a message in the conversation');
    assert.equal(item.favourites, 1);
    assert.deepEqual(item.statusChanges, ['active', 'expired']);
    assert.equal((await call(myListings, { cookie: owner.cookie, query: { kind: 'boat' } })).status, 400);
    assert.equal(
      (await call(myListings, { cookie: fan.cookie, query: { kind: 'package' } })).json.data.items.length,
      0,
    );

    const counts = await call(dashboard, { cookie: owner.cookie });
    assert.deepEqual(counts.json.data, {
      openListings: { package: 1, travel: 1 },
      unreadMessages: 1,
      pendingProposals: { sent: 0, received: 1 },
      favourites: 0,
      alerts: 0,
    });
    const fans = await call(dashboard, { cookie: fan.cookie });
    assert.equal(fans.json.data.pendingProposals.sent, 1);
    assert.equal(fans.json.data.favourites, 1);
    void travelId;
  });

  // One row per rule of the transition table (docs/architecture.md, "Listing states").
  const table: [kind: ListingKind, from: ListingStatus, to: ListingStatus, status: number][] = [
    ['package', 'upcoming', 'active', 200],
    ['package', 'upcoming', 'expired', 200],
    ['package', 'upcoming', 'in_transit', 409],
    ['package', 'upcoming', 'finished', 409],
    ['package', 'active', 'upcoming', 409],
    ['package', 'expired', 'active', 200],
    ['travel', 'upcoming', 'in_transit', 200],
    ['travel', 'active', 'in_transit', 200],
    ['travel', 'in_transit', 'finished', 200],
    ['travel', 'in_transit', 'expired', 409],
    ['travel', 'finished', 'active', 409],
    ['travel', 'expired', 'active', 200],
  ];
  for (const [kind, from, to, status] of table)
    test(`a ${kind} goes from ${from} to ${to}: ${status}`, async () => {
      const owner = made[0]!;
      const id = kind === 'package' ? await newPackage(owner) : await newTravel(owner);
      const db = await getDb();
      const t = kind === 'package' ? packages : travels;
      await db.update(t).set({ status: from }).where(eq(t.id, id));
      const answer = await call(kind === 'package' ? packageStatus : travelStatus, {
        params: { id },
        cookie: owner.cookie,
        body: { status: to },
      });
      assert.equal(answer.status, status, JSON.stringify(answer.json));
      if (status === 409) assert.equal(answer.json.error!.code, 'LISTING_STATUS_NOT_ALLOWED');
      else assert.equal(answer.json.data.status, to);
    });

  test('an expired listing reopens only while its arrival date is ahead', () => {
    const past = new Date(Date.now() - day);
    assert.deepEqual(statusChanges('package', { status: 'expired', endedAt: past }), []);
    assert.deepEqual(statusChanges('travel', { status: 'expired', endedAt: soon(2) }), ['active']);
  });

  test('deleting a listing removes its photos and the favourites that held it', async () => {
    const owner = made[0]!;
    const fan = made[1]!;
    const id = await newPackage(owner);
    const uploaded = await call(uploadImages, { params: { id }, cookie: owner.cookie, form: imageForm(await jpeg()) });
    assert.equal(uploaded.status, 200);
    const file = uploadPath(uploaded.json.data[0].key);
    assert.ok(existsSync(file));
    await call(savePackage, { params: { id }, cookie: fan.cookie });
    assert.ok(
      (await call(favouriteIds, { cookie: fan.cookie })).json.data.items.some((f: { id: string }) => f.id === id),
    );
    assert.equal((await call(deletePackage, { params: { id }, cookie: owner.cookie })).status, 200);
    assert.ok(!existsSync(file), 'the photo is gone');
    assert.ok(!existsSync(path.dirname(file)), 'and its folder');
    assert.ok(
      !(await call(favouriteIds, { cookie: fan.cookie })).json.data.items.some((f: { id: string }) => f.id === id),
    );
  });
});

describe('favourites', () => {
  test('saved once from any page, listed newest first, ended ones marked; removed; unknown listings refused', async () => {
    const owner = await someone('seller');
    const fan = await someone('saver');
    const open = await newPackage(owner);
    const ended = await newTravel(owner);
    assert.equal((await call(saveTravel, { params: { id: ended }, cookie: fan.cookie })).json.data.saved, true);
    assert.equal((await call(savePackage, { params: { id: open }, cookie: fan.cookie })).status, 200);
    assert.equal((await call(savePackage, { params: { id: open }, cookie: fan.cookie })).status, 200, 'again');
    await call(travelStatus, { params: { id: ended }, cookie: owner.cookie, body: { status: 'expired' } });
    const list = await call(favouritesList, { cookie: fan.cookie });
    assert.deepEqual(
      list.json.data.items.map((f: { id: string; ended: boolean }) => [f.id, f.ended]),
      [
        [open, false],
        [ended, true],
      ],
    );
    assert.equal(list.json.data.items[1].listing.status, 'expired');
    const missing = await call(savePackage, { params: { id: 'nope' }, cookie: fan.cookie });
    assert.equal(missing.status, 404);
    assert.equal((await call(savePackage, { params: { id: open } })).status, 401);
    assert.equal((await call(unsavePackage, { params: { id: open }, cookie: fan.cookie })).json.data.saved, false);
    assert.equal((await call(unsaveTravel, { params: { id: ended }, cookie: fan.cookie })).status, 200);
    assert.deepEqual((await call(favouriteIds, { cookie: fan.cookie })).json.data.items, []);
  });
});

describe('likes, ratings and reports', () => {
  test('a like, once; not oneself', async () => {
    const a = await someone('liker');
    const b = await someone('liked');
    assert.deepEqual((await call(like, { params: { userId: b.userId }, cookie: a.cookie })).json.data, {
      count: 1,
      liked: true,
    });
    assert.equal((await call(like, { params: { userId: b.userId }, cookie: a.cookie })).json.data.count, 1);
    const self = await call(like, { params: { userId: a.userId }, cookie: a.cookie });
    assert.equal(self.json.error!.code, 'CANNOT_TARGET_SELF');
    assert.equal((await call(like, { params: { userId: 'ghost' }, cookie: a.cookie })).status, 404);
    assert.deepEqual((await call(unlike, { params: { userId: b.userId }, cookie: a.cookie })).json.data, {
      count: 0,
      liked: false,
    });
  });

  test('a rating needs a delivered deal (or an accepted one past its arrival), once; the average follows', async () => {
    const sender = await someone('rsender');
    const carrier = await someone('rcarrier');
    const stranger = await someone('rstranger');
    const none = await call(rate, {
      params: { userId: carrier.userId },
      cookie: stranger.cookie,
      body: { score: 5, comment: 'Top' },
    });
    assert.equal(none.status, 403);
    assert.equal(none.json.error!.code, 'RATING_NOT_ALLOWED');

    const accepted = await deal(sender, carrier, 'accepted');
    const early = await call(rate, { params: { userId: carrier.userId }, cookie: sender.cookie, body: { score: 4 } });
    assert.equal(early.json.error?.code, 'RATING_NOT_ALLOWED', 'accepted, not arrived yet');
    const db = await getDb();
    await db
      .update(packages)
      .set({ startedAt: new Date(Date.now() - 3 * day), endedAt: new Date(Date.now() - day) })
      .where(eq(packages.id, accepted.listingId));
    const counts = await rowCounts();
    for (const [body, field] of [
      [{ score: 0 }, 'score'],
      [{ score: 6 }, 'score'],
      [{ score: 4.5 }, 'score'],
      [{ score: 4, comment: 'x'.repeat(1001) }, 'comment'],
    ] as const) {
      const bad = await call(rate, { params: { userId: carrier.userId }, cookie: sender.cookie, body });
      assert.equal(bad.status, 400);
      assert.ok(bad.json.error!.fields![field]);
    }
    assert.deepEqual(await rowCounts(), counts, 'refused ratings write nothing');
    const first = await call(rate, {
      params: { userId: carrier.userId },
      cookie: sender.cookie,
      body: { score: 4, comment: '  Ponctuel et soigneux  ' },
    });
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.equal(first.json.data.comment, 'Ponctuel et soigneux');
    const again = await call(rate, { params: { userId: carrier.userId }, cookie: sender.cookie, body: { score: 1 } });
    assert.equal(again.status, 409);
    assert.equal(again.json.error!.code, 'ALREADY_RATED');
    assert.equal(again.json.error!.message, 'Vous avez déjà noté ce membre.');

    // The other side, after a delivered deal of theirs.
    await deal(sender, carrier, 'delivered');
    const back = await call(rate, { params: { userId: sender.userId }, cookie: carrier.cookie, body: { score: 5 } });
    assert.equal(back.status, 200);
    const stored = await db.select().from(users).where(eq(users.id, carrier.userId));
    assert.deepEqual([stored[0]!.ratingCount, stored[0]!.ratingAverage], [1, 4]);
    const self = await call(rate, { params: { userId: sender.userId }, cookie: sender.cookie, body: { score: 5 } });
    assert.equal(self.json.error!.code, 'CANNOT_TARGET_SELF');
    const seen = await call(profile, { params: { userId: carrier.userId } });
    assert.equal(seen.json.data.reviews[0].author.id, sender.userId);
    assert.equal(seen.json.data.user.reviewCount, 1);
  });

  test('a report with a reason, once per member; the third different member flags: noindex, sitemap, support told once', async () => {
    const suspect = await someone('suspect');
    const listing = await newPackage(suspect);
    const reporters = [await someone('rep1'), await someone('rep2'), await someone('rep3'), await someone('rep4')];
    const bad = await call(report, {
      params: { userId: suspect.userId },
      cookie: reporters[0]!.cookie,
      body: { reason: 'mood' },
    });
    assert.equal(bad.status, 400);
    assert.ok(bad.json.error!.fields!.reason);
    const support = 'support@colibri.tn';
    const flagMails = () => mailsTo(support).filter((m) => m.text.includes(suspect.userId));
    for (const [i, reporter] of reporters.slice(0, 2).entries()) {
      const ok = await call(report, {
        params: { userId: suspect.userId },
        cookie: reporter.cookie,
        body: { reason: i ? 'scam' : 'no_show', details: 'Demande un virement d’avance.' },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
    }
    const twice = await call(report, {
      params: { userId: suspect.userId },
      cookie: reporters[0]!.cookie,
      body: { reason: 'other' },
    });
    assert.equal(twice.json.error!.code, 'ALREADY_REPORTED');
    assert.equal(flagMails().length, 0, 'two members do not flag');
    assert.ok((await openListingIds()).some((l) => l.id === listing));
    await call(report, { params: { userId: suspect.userId }, cookie: reporters[2]!.cookie, body: { reason: 'scam' } });
    const db = await getDb();
    const [flagged] = await db.select({ at: users.flaggedAt }).from(users).where(eq(users.id, suspect.userId));
    assert.ok(flagged!.at, 'flagged at the third');
    assert.equal(flagMails().length, 1);
    assert.match(flagMails()[0]!.subject, /3 membres/);
    assert.match(flagMails()[0]!.text, /no_show/);
    assert.ok(!(await openListingIds()).some((l) => l.id === listing), 'out of the sitemap');
    assert.equal(await isFlagged(suspect.userId), true, 'its listing pages read this flag: noindex');
    await call(report, { params: { userId: suspect.userId }, cookie: reporters[3]!.cookie, body: { reason: 'other' } });
    assert.equal(flagMails().length, 1, 'support is told once');
    const self = await call(report, {
      params: { userId: suspect.userId },
      cookie: suspect.cookie,
      body: { reason: 'other' },
    });
    assert.equal(self.json.error!.code, 'CANNOT_TARGET_SELF');
  });
});

describe('public profile', () => {
  test('the reliability record: median first reply, deals delivered, cancelled after acceptance; what the viewer may do', async () => {
    const host = await someone('host');
    const asker = await someone('asker');
    const db = await getDb();
    // Two conversations others started: the host replies after 10 minutes, then after 30.
    for (const minutes of [10, 30]) {
      const listingId = await newTravel(host);
      const talk = await openConversation(asker.userId, 'fr', { listingKind: 'travel', listingId });
      const reply = await sendMessage(host.userId, talk.id, 'Oui, il reste de la place.');
      const first = talk.messages[0]!;
      await db
        .update(messages)
        .set({ createdAt: new Date(new Date(first.createdAt).getTime() + minutes * 60 * 1000) })
        .where(eq(messages.id, reply.id));
    }
    // Deals where the host proposed (so they start those conversations): one delivered, one accepted
    // then cancelled by the host, one still under way (not settled).
    const dealer = await someone('dealer');
    await deal(dealer, host, 'delivered');
    const cancelled = await deal(dealer, host, 'accepted');
    await cancelProposal(host.userId, cancelled.proposalId);
    await deal(dealer, host, 'accepted');

    const seen = await call(profile, { params: { userId: host.userId } });
    assert.equal(seen.status, 200);
    assert.deepEqual(seen.json.data.reliability, {
      medianReplySeconds: 20 * 60,
      repliedConversations: 2,
      acceptedDeals: 2,
      deliveredDeals: 1,
      cancelledAfterAcceptance: 1,
    });
    assert.equal(seen.json.data.user.lastname, 'H.', 'the initial only');
    assert.equal(seen.json.data.viewer, null);
    assert.ok(seen.json.data.listings.every((l: { owner: { id: string } }) => l.owner.id === host.userId));
    const dealers = await call(profile, { params: { userId: host.userId }, cookie: dealer.cookie });
    assert.deepEqual(dealers.json.data.viewer, {
      self: false,
      liked: false,
      canRate: true,
      rated: false,
      reported: false,
    });
    const askers = await call(profile, { params: { userId: host.userId }, cookie: asker.cookie });
    assert.equal(askers.json.data.viewer.canRate, false, 'no deal between them');
    const own = await call(profile, { params: { userId: host.userId }, cookie: host.cookie });
    assert.equal(own.json.data.viewer.self, true);
    const dealersRecord = (await call(profile, { params: { userId: dealer.userId } })).json.data.reliability;
    assert.equal(dealersRecord.cancelledAfterAcceptance, 0, 'the host cancelled, not the dealer');
    assert.equal(dealersRecord.repliedConversations, 3, 'accepting a proposal answers it');
    assert.equal((await call(profile, { params: { userId: 'nobody' } })).status, 404);
  });
});

describe('settings', () => {
  test('names, preferred language and e-mail switches; deal e-mails honour them, in that language', async () => {
    const owner = await someone('prefs');
    const other = await someone('prefs-other');
    const changed = await call(patchMe, {
      cookie: owner.cookie,
      method: 'PATCH',
      body: { firstname: ' Salma ', lastname: 'Trabelsi', locale: 'en', notifications: { proposals: false } },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    assert.deepEqual(
      [changed.json.data.firstname, changed.json.data.lastname, changed.json.data.locale],
      ['Salma', 'Trabelsi', 'en'],
    );
    assert.deepEqual(changed.json.data.notifications, { proposals: false, deals: true, messages: true });
    assert.equal((await call(getMe, { cookie: owner.cookie })).json.data.firstname, 'Salma');
    assert.equal((await call(session, { cookie: owner.cookie })).json.data.firstname, 'Salma');
    for (const body of [{}, { firstname: '' }, { locale: 'de' }, { notifications: { proposals: 'no' } }]) {
      const refused = await call(patchMe, { cookie: owner.cookie, method: 'PATCH', body });
      assert.equal(refused.status, 400, JSON.stringify(body));
    }

    const listingId = await newPackage(owner);
    const before = mailsTo(owner.email).length;
    await call(proposeRoute, { cookie: other.cookie, body: { listingKind: 'package', listingId, amount: 20 } });
    assert.equal(mailsTo(owner.email).length, before, 'proposal e-mails are off');
    await call(patchMe, { cookie: owner.cookie, method: 'PATCH', body: { notifications: { proposals: true } } });
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
    const meta = await sharp(uploadPath(key)).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height, meta.exif], ['webp', 256, 256, undefined]);
    const again = await call(setAvatar, { cookie: m.cookie, form: imageForm(await jpeg()) });
    assert.ok(!existsSync(uploadPath(key)), 'the previous one is removed');
    assert.equal((await call(profile, { params: { userId: m.userId } })).json.data.user.avatar, again.json.data.avatar);
    const removed = await call(removeAvatar, { cookie: m.cookie, method: 'DELETE' });
    assert.equal(removed.json.data.avatar, null);
    assert.ok(!existsSync(uploadPath(again.json.data.avatar)));
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
  });

  test('my data: everything stored about me as a JSON file, no secret in it', async () => {
    const m = await someone('export');
    const other = await someone('export-other');
    const listingId = await newPackage(m);
    await propose(other.userId, { listingKind: 'package', listingId, amount: 25 });
    await call(like, { params: { userId: other.userId }, cookie: m.cookie });
    const answer = await call(exportData, { cookie: m.cookie });
    assert.equal(answer.status, 200);
    assert.match(answer.response.headers.get('content-disposition')!, /attachment; filename="colibri-data-/);
    const data = exported.parse(answer.json);
    assert.equal(data.account.email, m.email);
    assert.equal(data.listings.packages[0]?.id, listingId);
    assert.equal(data.proposals.length, 1);
    assert.equal(data.conversations[0]?.messages[0]?.kind, 'proposal_sent');
    assert.equal(data.likesGiven[0]?.likedUserId, other.userId);
    const text = JSON.stringify(answer.json);
    assert.ok(!/"password"|"token"|pickupCode|deliveryCode|unsubscribeToken/.test(text), 'no secret');
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
    const photoFile = uploadPath(photo.json.data[0].key);
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
    assert.ok(!existsSync(photoFile), 'listing photos removed');
    assert.ok(!existsSync(uploadPath(avatar.json.data.avatar)), 'avatar removed');
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
