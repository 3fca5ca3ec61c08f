// Listings that follow their dates, deals no one can pull away, a second chance after a decline
// (issue 21): past dates refused; no delete nor route or date change under a deal; proposals again
// after a decline, at most 3, never two pending; a trip's proposal describes its parcel; ratings after
// a confirmed delivery, or past the arrival day without a report; the lifecycle sweep under a moved
// clock (listings move by date, leave the lists, the map and the sitemap, pending proposals are
// declined, the owner told once), and on PostgreSQL, with three worker processes, told once still.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/lifecycle.test.ts
//   (and with DATABASE_URL for the worker processes)
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { call, drainJobs, mailsTo, parcelOnTrip } from './helpers';
import { isMail, outboxIn } from '../outbox';
import { address, day, memberTests, newPackage, newTravel, someone, soon, type Member } from './member-fixtures';
import { proposalRules } from '@/lib/domain';
import { dayStart, listingDay, nextDay } from '@/lib/listing-days';
import { setClock } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { packages, proposals, reports, travels } from '@/lib/server/db/schema';
import { acceptProposal, getProposal, pickUp, deliver } from '@/lib/server/deals/proposals';
import { subscribe } from '@/lib/server/events';
import { enqueue } from '@/lib/server/jobs/queue';
import { runListingLifecycle } from '@/lib/server/listings/lifecycle';
import { indexedListings, listListings } from '@/lib/server/listings/listings';
import { nearbyOffers } from '@/lib/server/public/nearby';
import { findPlace } from '@/lib/places';
import { POST as createTravel } from '@/app/api/user/v1/travels/route';
import * as packageItem from '@/app/api/user/v1/packages/[id]/route';
import * as travelItem from '@/app/api/user/v1/travels/[id]/route';
import { POST as setTravelStatus } from '@/app/api/user/v1/travels/[id]/status/route';
import { POST as propose } from '@/app/api/user/v1/proposals/route';
import { POST as decline } from '@/app/api/user/v1/proposals/[id]/decline/route';
import { POST as cancel } from '@/app/api/user/v1/proposals/[id]/cancel/route';
import { POST as rate } from '@/app/api/user/v1/users/[userId]/ratings/route';
import { worker } from './worker-process';

memberTests();
after(() => setClock(null));

const trip = (extra: Record<string, unknown> = {}) => ({
  from: { city: 'Sfax' },
  to: { city: 'Lyon' },
  startedAt: soon(2),
  endedAt: soon(3),
  pricePerKg: 9,
  currency: 'EUR',
  travelType: 'plane',
  ...extra,
});

const onTrip = (m: Member, listingId: string, extra: Record<string, unknown> = {}) =>
  call(propose, {
    cookie: m.cookie,
    address: address(),
    body: { listingKind: 'travel', listingId, amount: 30, parcel: parcelOnTrip, ...extra },
  });

describe('dates', () => {
  test('a departure before today (Tunis) or an arrival before the departure is refused, per field', async () => {
    const owner = await someone('dates');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { startedAt: '2001-03-01T08:00:00Z', endedAt: '2001-03-02T08:00:00Z' },
        { startedAt: 'dateInPast', endedAt: 'dateInPast' },
      ],
      [{ startedAt: new Date(Date.now() - 2 * day).toISOString(), endedAt: soon(2) }, { startedAt: 'dateInPast' }],
      [{ startedAt: soon(4), endedAt: soon(3) }, { endedAt: 'departureBeforeArrival' }],
    ];
    const db = await getDb();
    for (const [dates, fields] of cases) {
      const refused = await call(createTravel, { cookie: owner.cookie, body: trip(dates) });
      assert.equal(refused.status, 400, JSON.stringify(dates));
      assert.equal(refused.json.error?.code, 'VALIDATION_FAILED');
      assert.deepEqual(Object.keys(refused.json.error?.fields ?? {}).sort(), Object.keys(fields).sort());
    }
    const fr = await call(createTravel, { cookie: owner.cookie, body: trip(cases[0]![0]), locale: 'fr' });
    assert.equal(fr.json.error?.fields?.startedAt, 'Cette date est déjà passée.');
    assert.equal(
      (await db.select().from(travels).where(eq(travels.ownerId, owner.userId))).length,
      0,
      'nothing written',
    );

    // Today, late in the evening in Tunis, is not the past; the listing is active from its departure day.
    const today = listingDay(new Date());
    const tonight = new Date(dayStart(nextDay(today)).getTime() - 60_000).toISOString();
    const made = await call(createTravel, {
      cookie: owner.cookie,
      body: trip({ startedAt: tonight, endedAt: soon(2) }),
    });
    assert.equal(made.status, 200, JSON.stringify(made.json));
    assert.equal(made.json.data.status, 'active');

    // An edit keeps a departure that has passed as it was, but cannot move one into the past.
    const id = made.json.data.id as string;
    const kept = new Date(Date.now() - 2 * day);
    await db.update(travels).set({ startedAt: kept }).where(eq(travels.id, id));
    const sameDates = await call(travelItem.PUT, {
      cookie: owner.cookie,
      params: { id },
      body: trip({ startedAt: kept.toISOString(), endedAt: soon(2), pricePerKg: 11 }),
    });
    assert.equal(sameDates.status, 200, JSON.stringify(sameDates.json));
    const moved = await call(travelItem.PUT, {
      cookie: owner.cookie,
      params: { id },
      body: trip({ startedAt: new Date(Date.now() - 5 * day).toISOString(), endedAt: soon(2) }),
    });
    assert.equal(moved.status, 400);
    assert.deepEqual(Object.keys(moved.json.error?.fields ?? {}), ['startedAt']);
  });
});

describe('a deal no one can pull away', () => {
  test('under an accepted deal: no delete, no route or date change, no closing by hand; the price may change', async () => {
    const owner = await someone('dealowner');
    const sender = await someone('dealsender');
    const id = await newTravel(owner);
    const proposal = await onTrip(sender, id);
    assert.equal(proposal.status, 200, JSON.stringify(proposal.json));
    await acceptProposal(owner.userId, proposal.json.data.id);

    const removed = await call(travelItem.DELETE, { cookie: owner.cookie, params: { id } });
    assert.equal(removed.status, 409);
    assert.equal(removed.json.error?.code, 'LISTING_HAS_DEAL');
    const [stored0] = await (await getDb()).select().from(travels).where(eq(travels.id, id));
    const same = { startedAt: stored0!.startedAt.toISOString(), endedAt: stored0!.endedAt.toISOString() };
    for (const change of [{ to: { city: 'Paris' } }, { endedAt: soon(5) }, { startedAt: soon(1) }]) {
      const refused = await call(travelItem.PUT, {
        cookie: owner.cookie,
        params: { id },
        body: trip({ ...same, ...change }),
      });
      assert.equal(refused.json.error?.code, 'LISTING_HAS_DEAL', JSON.stringify(change));
    }
    const closing = await call(setTravelStatus, { cookie: owner.cookie, params: { id }, body: { status: 'expired' } });
    assert.equal(closing.json.error?.code, 'LISTING_HAS_DEAL');
    const [stored] = await (await getDb()).select().from(travels).where(eq(travels.id, id));
    const dates = { startedAt: stored!.startedAt.toISOString(), endedAt: stored!.endedAt.toISOString() };
    const priced = await call(travelItem.PUT, {
      cookie: owner.cookie,
      params: { id },
      body: trip({ ...dates, pricePerKg: 12 }),
    });
    assert.equal(priced.status, 200);
    assert.equal(priced.json.data.pricePerKg, 12);
    const db = await getDb();
    assert.equal((await db.select().from(proposals).where(eq(proposals.travelId, id))).length, 1, 'the deal stands');

    // Without a deal, a package is deleted as before.
    const free = await newPackage(owner);
    assert.equal((await call(packageItem.DELETE, { cookie: owner.cookie, params: { id: free } })).status, 200);
  });
});

describe('a second chance', () => {
  test('again after a decline or a cancellation; never two pending; a fourth refused', async () => {
    const owner = await someone('again-owner');
    const sender = await someone('again-sender');
    const id = await newTravel(owner);
    const first = await onTrip(sender, id);
    assert.equal(first.status, 200);
    const twice = await onTrip(sender, id, { amount: 35 });
    assert.equal(twice.status, 409);
    assert.equal(twice.json.error?.code, 'PROPOSAL_EXISTS');
    await call(decline, { cookie: owner.cookie, params: { id: first.json.data.id } });

    const second = await onTrip(sender, id, { amount: 40 });
    assert.equal(second.status, 200, JSON.stringify(second.json));
    assert.equal(second.json.data.conversationId, first.json.data.conversationId, 'the same conversation');
    await call(cancel, { cookie: sender.cookie, params: { id: second.json.data.id } });
    const third = await onTrip(sender, id, { amount: 45 });
    assert.equal(third.status, 200);
    await call(decline, { cookie: owner.cookie, params: { id: third.json.data.id } });
    const fourth = await onTrip(sender, id, { amount: 50 });
    assert.equal(fourth.status, 409);
    assert.equal(fourth.json.error?.code, 'PROPOSAL_LIMIT_REACHED');
    const db = await getDb();
    const rows = await db.select().from(proposals).where(eq(proposals.travelId, id));
    assert.equal(rows.length, proposalRules.perMemberPerListing);
  });

  test('two proposals sent at once: one is pending, the other refused', async () => {
    const owner = await someone('race-owner');
    const sender = await someone('race-sender');
    const id = await newTravel(owner);
    const answers = await Promise.all([onTrip(sender, id), onTrip(sender, id, { amount: 31 })]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    const db = await getDb();
    const pending = await db.select().from(proposals).where(eq(proposals.travelId, id));
    assert.deepEqual(
      pending.map((p) => p.status),
      ['pending'],
    );
  });

  test('a proposal on a trip carries the parcel: weight, size, contents and the declaration, each checked', async () => {
    const owner = await someone('parcel-owner');
    const sender = await someone('parcel-sender');
    const id = await newTravel(owner);
    const bad: [Record<string, unknown>, string][] = [
      [{ parcel: undefined }, 'parcel'],
      [{ parcel: { ...parcelOnTrip, size: 'huge' } }, 'parcel.size'],
      [{ parcel: { ...parcelOnTrip, contents: ' ' } }, 'parcel.contents'],
      [{ parcel: { ...parcelOnTrip, weightKg: 0 } }, 'parcel.weightKg'],
      [{ parcel: { ...parcelOnTrip, noProhibitedItems: false } }, 'parcel.noProhibitedItems'],
    ];
    for (const [change, field] of bad) {
      const refused = await onTrip(sender, id, change);
      assert.equal(refused.status, 400, field);
      assert.ok(refused.json.error?.fields?.[field], `${field}: ${JSON.stringify(refused.json.error)}`);
    }
    const made = await onTrip(sender, id, {
      parcel: { ...parcelOnTrip, size: 'medium', contents: 'Un service à thé' },
    });
    assert.equal(made.status, 200);
    const seen = await getProposal(owner.userId, made.json.data.id);
    assert.deepEqual(seen.parcel, {
      weightKg: 4,
      size: 'medium',
      contents: 'Un service à thé',
      noProhibitedItems: true,
    });
    await drainJobs();
    const mail = mailsTo(owner.email).find((m) => m.subject.includes('propose'));
    assert.ok(mail?.text.includes('Un service à thé'), mail?.text);
    assert.ok(mail?.text.includes('Moyen (jusqu’à 55 × 40 × 25 cm)'), mail?.text);
    // A package's proposal has none: its listing describes the parcel.
    const pkg = await newPackage(owner);
    const onPackage = await call(propose, {
      cookie: sender.cookie,
      address: address(),
      body: { listingKind: 'package', listingId: pkg, amount: 20 },
    });
    assert.equal(onPackage.json.data.parcel, null);
  });
});

describe('ratings', () => {
  test('after a delivery confirmed with the code; or an accepted deal past its arrival day, unless one reported the other', async () => {
    const owner = await someone('rate-owner');
    const sender = await someone('rate-sender');
    const id = await newTravel(owner, { startedAt: soon(1), endedAt: soon(2) });
    const p = (await onTrip(sender, id)).json.data;
    await acceptProposal(owner.userId, p.id);
    const rating = (who: Member, whom: Member) =>
      call(rate, { params: { userId: whom.userId }, cookie: who.cookie, body: { score: 5, comment: 'Parfait' } });
    assert.equal((await rating(sender, owner)).json.error?.code, 'RATING_NOT_ALLOWED', 'before the arrival day');
    // The arrival day itself is not past yet; the next day is.
    const arrival = (await getDb()).select({ endedAt: travels.endedAt }).from(travels).where(eq(travels.id, id));
    const [{ endedAt }] = (await arrival) as [{ endedAt: Date }];
    setClock(new Date(dayStart(listingDay(endedAt)).getTime() + 3600_000));
    assert.equal((await rating(sender, owner)).json.error?.code, 'RATING_NOT_ALLOWED', 'on the arrival day');
    setClock(dayStart(nextDay(listingDay(endedAt))));
    const db = await getDb();
    await db
      .insert(reports)
      .values({ id: `r-${owner.userId}`, reporterId: owner.userId, reportedUserId: sender.userId, reason: 'no_show' });
    assert.equal((await rating(sender, owner)).json.error?.code, 'RATING_NOT_ALLOWED', 'a report between the two');
    await db.delete(reports).where(eq(reports.reporterId, owner.userId));
    assert.equal((await rating(sender, owner)).status, 200, 'past the arrival day, no report');
    setClock(null);

    // A delivery confirmed with the code counts at once.
    const carrier = await someone('rate-carrier');
    const parcelId = await newPackage(owner);
    const offer = (
      await call(propose, {
        cookie: carrier.cookie,
        address: address(),
        body: { listingKind: 'package', listingId: parcelId, amount: 20 },
      })
    ).json.data;
    const codes = (await acceptProposal(owner.userId, offer.id)).handover!;
    assert.equal((await rating(carrier, owner)).json.error?.code, 'RATING_NOT_ALLOWED');
    await pickUp(carrier.userId, offer.id, codes.pickupCode);
    await deliver(carrier.userId, offer.id, codes.deliveryCode);
    assert.equal((await rating(carrier, owner)).status, 200);
  });
});

// ---------------------------------------------------------------- the lifecycle sweep

/** A listing's status now. */
async function statusOf(kind: 'package' | 'travel', id: string) {
  const t = kind === 'package' ? packages : travels;
  const [row] = await (await getDb()).select({ status: t.status }).from(t).where(eq(t.id, id));
  return row?.status;
}

describe('listings follow their dates', () => {
  test('active on the departure day, expired after the arrival day: off the lists, the map and the sitemap; pending proposals declined; the owner told once', async () => {
    const owner = await someone('life-owner');
    const sender = await someone('life-sender');
    const rival = await someone('life-rival');
    const tripId = await newTravel(owner, {
      from: { city: 'Gabès' },
      to: { city: 'Grenoble' },
      startedAt: soon(1),
      endedAt: soon(2),
    });
    const parcelId = await newPackage(owner, { startedAt: soon(1), endedAt: soon(3) });
    assert.equal(await statusOf('travel', tripId), 'upcoming');
    const pending = (await onTrip(sender, tripId)).json.data;
    const declinedEarlier = (await onTrip(rival, tripId)).json.data;
    await call(decline, { cookie: owner.cookie, params: { id: declinedEarlier.id } });
    await drainJobs();

    let changed = 0;
    const stop = subscribe('listings-changed', () => (changed += 1));
    try {
      const [trip] = await (await getDb()).select().from(travels).where(eq(travels.id, tripId));
      // The departure day, in Tunis.
      setClock(new Date(dayStart(listingDay(trip!.startedAt)).getTime() + 60_000));
      await runListingLifecycle();
      assert.equal(await statusOf('travel', tripId), 'active');
      assert.ok(changed >= 1, 'the page cache hears of it');

      // The arrival day is not over yet: still active.
      setClock(new Date(dayStart(nextDay(listingDay(trip!.endedAt))).getTime() - 60_000));
      await runListingLifecycle();
      assert.equal(await statusOf('travel', tripId), 'active');

      // The day after the arrival day.
      setClock(new Date(dayStart(nextDay(listingDay(trip!.endedAt))).getTime() + 60_000));
      const before = changed;
      await runListingLifecycle();
      assert.equal(await statusOf('travel', tripId), 'expired');
      assert.equal(await statusOf('package', parcelId), 'active', 'the parcel arrives a day later');
      assert.ok(changed > before);

      const list = await listListings('travel', { from: 'Gabès', to: 'Grenoble' });
      assert.ok(!list.items.some((l) => l.id === tripId), 'off the list');
      const gabes = findPlace('Gabès', 'TN')!;
      const near = await nearbyOffers({ lat: gabes.lat, lng: gabes.lng, radius: 10, type: 'travel', limit: 200 }, 'fr');
      assert.ok(!near.items.some((l) => l.id === tripId), 'off the map');
      const sitemap = await indexedListings('travel', 0, 100_000);
      assert.ok(!sitemap.some((l) => l.id === tripId), 'off the sitemap');

      const db = await getDb();
      const [p] = await db.select().from(proposals).where(eq(proposals.id, pending.id));
      assert.equal(p!.status, 'declined');
      await runListingLifecycle(); // a second sweep finds nothing more to do
      await drainJobs();
      const notices = mailsTo(sender.email).filter((m) => m.subject.includes('a expiré'));
      assert.equal(notices.length, 1, 'the proposer is told');
      assert.equal(
        mailsTo(rival.email).filter((m) => m.subject.includes('a expiré')).length,
        0,
        'not the one declined before',
      );
      const told = mailsTo(owner.email).filter((m) => m.subject.startsWith('Votre annonce'));
      assert.equal(told.length, 1, 'the owner is told once');
      assert.ok(told[0]!.text.includes(`/fr/publier-trajet?from=${tripId}`), told[0]!.text);
    } finally {
      stop();
      setClock(null);
    }
  });
});

// ---------------------------------------------------------------- three worker processes, on PostgreSQL

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

if (process.env.DATABASE_URL)
  describe('the sweep in three worker processes', () => {
    test('each expired listing’s owner is told once, each pending proposer once', async () => {
      const owners: Member[] = [];
      for (let i = 0; i < 6; i++) owners.push(await someone(`w-owner${i}`));
      const sender = await someone('w-sender');
      const ids: string[] = [];
      for (const owner of owners)
        for (let i = 0; i < 2; i++) {
          const id = await newTravel(owner, {
            from: { city: 'Sousse' },
            to: { city: 'Nantes' },
            startedAt: soon(1),
            endedAt: soon(2),
          });
          ids.push(id);
          assert.equal((await onTrip(sender, id)).status, 200);
        }
      await drainJobs();
      // The workers' clock: three days ahead, past every arrival day above.
      const ahead = new Date(Date.now() + 3 * day + 3600_000).toISOString();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-life-'));
      const workers = [0, 1, 2].map(() => worker({ DATA_DIR: dataDir, NODE_ENV: 'test', TEST_CLOCK: ahead }));
      try {
        for (const w of workers)
          await until('a worker to start', () =>
            w.output.join('').includes('[worker] running jobs') ? true : undefined,
          );
        const db = await getDb();
        await Promise.all([0, 1, 2].map(() => enqueue(db, 'listing-lifecycle', {})));
        const rows = () => db.select({ status: travels.status }).from(travels).where(inArray(travels.id, ids));
        await until('every trip to expire', async () =>
          (await rows()).every((r) => r.status === 'expired') ? true : undefined,
        );
        const mails = (to: string) => outboxIn(dataDir, to).filter(isMail);
        await until('every owner’s e-mail', () => (owners.every((o) => mails(o.email).length >= 2) ? true : undefined));
        await until('the proposer’s notices', () => (mails(sender.email).length >= ids.length ? true : undefined));
        await Promise.all([0, 1, 2].map(() => enqueue(db, 'listing-lifecycle', {})));
        await sleep(4000); // a second copy would arrive now
        for (const owner of owners) assert.equal(mails(owner.email).length, 2, `${owner.email}: one per listing`);
        assert.equal(mails(sender.email).length, ids.length, 'one notice per pending proposal');
        const declined = await db.select().from(proposals).where(inArray(proposals.travelId, ids));
        assert.ok(declined.every((p) => p.status === 'declined'));
      } finally {
        for (const w of workers) w.kill('SIGTERM');
        await Promise.all(workers.map((w) => (w.exitCode === null ? new Promise((r) => w.once('exit', r)) : null)));
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    test('TEST_CLOCK is refused outside tests', async () => {
      const w = worker({ NODE_ENV: 'production', TEST_CLOCK: new Date().toISOString(), DATA_DIR: os.tmpdir() });
      const code = await new Promise<number | null>((resolve) => w.once('exit', resolve));
      assert.notEqual(code, 0);
      assert.match(w.output.join(''), /TEST_CLOCK: only with NODE_ENV=test/);
    });
  });
