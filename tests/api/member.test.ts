// The member space through the API, against a real database: the dashboard's counts, my listings and
// their status transitions, favourites (member-community and member-settings test the rest).
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/member.test.ts
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { call } from './helpers';
import type { ListingKind, ListingStatus } from '@/lib/domain';
import { getDb } from '@/lib/server/db/client';
import { packages, travels } from '@/lib/server/db/schema';
import { propose } from '@/lib/server/deals/proposals';
import { statusChanges } from '@/lib/server/listings/listings';
import { stored, storedKeys } from './stored';
import { DELETE as deletePackage } from '@/app/api/user/v1/packages/[id]/route';
import { POST as packageStatus } from '@/app/api/user/v1/packages/[id]/status/route';
import { POST as travelStatus } from '@/app/api/user/v1/travels/[id]/status/route';
import { POST as uploadImages } from '@/app/api/user/v1/packages/[id]/images/route';
import { PUT as savePackage, DELETE as unsavePackage } from '@/app/api/user/v1/packages/[id]/favourite/route';
import { PUT as saveTravel, DELETE as unsaveTravel } from '@/app/api/user/v1/travels/[id]/favourite/route';
import { GET as favouritesList } from '@/app/api/user/v1/favourites/route';
import { GET as favouriteIds } from '@/app/api/user/v1/favourites/ids/route';
import { GET as dashboard } from '@/app/api/user/v1/me/dashboard/route';
import { GET as myListings } from '@/app/api/user/v1/me/listings/route';
import { day, imageForm, jpeg, made, memberTests, newPackage, newTravel, someone, soon } from './member-fixtures';

memberTests();

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
    const key = uploaded.json.data[0].key as string;
    assert.ok(await stored(key));
    await call(savePackage, { params: { id }, cookie: fan.cookie });
    assert.ok(
      (await call(favouriteIds, { cookie: fan.cookie })).json.data.items.some((f: { id: string }) => f.id === id),
    );
    assert.equal((await call(deletePackage, { params: { id }, cookie: owner.cookie })).status, 200);
    assert.equal(await stored(key), null, 'the photo is gone');
    assert.deepEqual(await storedKeys(`packages/${id}`), [], 'and its other widths');
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
