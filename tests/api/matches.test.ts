// Matches on a listing's page (lib/server/listings/matches.ts): the other kind's open listings on its
// route around its dates, the same cities first, nearest dates first, the owner's own left out; and
// the plan of its one query, on PGlite and on PostgreSQL.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/matches.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { call, day, deleteListingsOf, member, soon } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import { packages, travels } from '@/lib/server/db/schema';
import { z } from '@/lib/zod';
import { findPlace } from '@/lib/places';
import { packageRow, travelRow } from '@/scripts/bench/generate';
import { getListing } from '@/lib/server/listings/listings';
import { listingMatches, matchLimits, matchQuery, matchWindow } from '@/lib/server/listings/matches';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as createTravel } from '@/app/api/user/v1/travels/route';

// Morocco to Switzerland, more than a year ahead: a corridor and dates no other test file uses.
const base = 420;
type Member = Awaited<ReturnType<typeof member>>;
let sender: Member;
let travellers: Member[];

async function trip(who: Member, from: string, to: string, days: number, fromCountry = 'MA', toCountry = 'CH') {
  const answer = await call(createTravel, {
    cookie: who.cookie,
    body: {
      from: { city: from, country: fromCountry },
      to: { city: to, country: toCountry },
      startedAt: soon(days),
      endedAt: soon(days + 1),
      pricePerKg: 9,
      currency: 'CHF',
      travelType: 'plane',
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data.id as string;
}

async function parcel(who: Member, from: string, to: string, days: number) {
  const answer = await call(createPackage, {
    cookie: who.cookie,
    body: {
      name: 'Babouches',
      from: { city: from, country: 'MA' },
      to: { city: to, country: 'CH' },
      startedAt: soon(days),
      endedAt: soon(days + 10),
      weightKg: 3,
      pricePerKg: 30,
      currency: 'MAD',
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data.id as string;
}

const ids: Record<string, string> = {};

before(async () => {
  await migrateDb();
  sender = await member('match-sender');
  travellers = [await member('match-a'), await member('match-b')];
  const [a, b] = travellers as [Member, Member];
  ids.parcel = await parcel(sender, 'Marrakech', 'Zurich', base);
  ids.sameCities3 = await trip(a, 'Marrakech', 'Zurich', base + 3);
  ids.sameCitiesMinus10 = await trip(b, 'Marrakech', 'Zurich', base - 10);
  ids.otherCities1 = await trip(a, 'Casablanca', 'Genève', base + 1);
  ids.tooLate = await trip(b, 'Marrakech', 'Zurich', base + matchLimits.windowDays + 2);
  ids.expired = await trip(a, 'Marrakech', 'Zurich', base + 2);
  ids.own = await trip(sender, 'Marrakech', 'Zurich', base);
  ids.otherRoute = await trip(b, 'Marrakech', 'Lyon', base, 'MA', 'FR');
  ids.reverse = await trip(b, 'Zurich', 'Marrakech', base, 'CH', 'MA');
  const db = await getDb();
  await db.update(travels).set({ status: 'expired' }).where(eq(travels.id, ids.expired));
});
after(async () => {
  await deleteListingsOf(sender.userId, ...travellers.map((t) => t.userId));
  await closeDb();
});

async function matchesOf(kind: 'package' | 'travel', id: string) {
  const listing = await getListing(kind, id);
  assert.ok(listing);
  return listingMatches(listing);
}

describe('matches of a listing', () => {
  test('a parcel: trips of the same cities first, then the same countries, nearest departure first', async () => {
    const matches = await matchesOf('package', ids.parcel!);
    assert.equal(matches.kind, 'travel');
    assert.deepEqual(
      matches.items.map((item) => item.id),
      [ids.sameCities3, ids.sameCitiesMinus10, ids.otherCities1],
    );
    assert.deepEqual(
      matches.items.map((item) => item.sameCities),
      [true, true, false],
    );
    // The whole list these come from: the two countries and the window, as the list's filters.
    assert.deepEqual(matches.filters, { fromCountry: 'MA', toCountry: 'CH', ...matchWindow(soon(base)) });
  });

  test('left out: outside the window, closed, the owner’s own, another route, the way back', async () => {
    const shown = new Set((await matchesOf('package', ids.parcel!)).items.map((item) => item.id));
    for (const name of ['tooLate', 'expired', 'own', 'otherRoute', 'reverse'])
      assert.ok(!shown.has(ids[name]!), `${name} should not be a match`);
  });

  test('a trip shows the parcels likewise', async () => {
    const matches = await matchesOf('travel', ids.sameCities3!);
    assert.equal(matches.kind, 'package');
    assert.deepEqual(
      matches.items.map((item) => item.id),
      [ids.parcel],
    );
    assert.equal(matches.items[0]!.sameCities, true);
    // The sender's own trip does not list the sender's parcel.
    assert.deepEqual((await matchesOf('travel', ids.own!)).items, []);
  });

  test(`at most ${matchLimits.count}, the nearest dates`, async () => {
    const [, b] = travellers as [Member, Member];
    const more: string[] = [];
    for (const offset of [-6, -5, 4, 5, 6, 7]) more.push(await trip(b, 'Marrakech', 'Zurich', base + offset));
    try {
      const items = (await matchesOf('package', ids.parcel!)).items;
      assert.equal(items.length, matchLimits.count);
      const at = new Date(soon(base)).getTime();
      const gaps = items.map((item) => Math.round(Math.abs(new Date(item.startedAt).getTime() - at) / day));
      assert.deepEqual(
        gaps,
        [...gaps].sort((x, y) => x - y),
      );
      assert.ok(items.every((item) => item.sameCities));
      assert.ok(!items.some((item) => item.id === ids.sameCitiesMinus10));
    } finally {
      const db = await getDb();
      for (const id of more) await db.delete(travels).where(eq(travels.id, id));
    }
  });
});

describe('plan of the matches query', () => {
  // The benchmark's market, inserted, analysed, explained and rolled back (as tests/api/list-plans.test.ts).
  const plans = new Map<string, string>();
  before(async () => {
    const listing = await getListing('package', ids.parcel!);
    assert.ok(listing);
    // The main corridor of the market, beside this test's rare one.
    const tunisParis = {
      ...listing,
      id: 'none',
      from: { ...listing.from, country: 'TN', placeId: findPlace('Tunis')!.id },
      to: { ...listing.to, country: 'FR', placeId: findPlace('Paris')!.id },
      startedAt: soon(20),
    };
    const db = await getDb();
    const rolledBack = new Error('rolled back');
    await db
      .transaction(async (tx) => {
        for (let done = 0; done < 4000; done += 500) {
          await tx.insert(packages).values(Array.from({ length: 500 }, () => packageRow([sender.userId])));
          await tx.insert(travels).values(Array.from({ length: 500 }, () => travelRow([sender.userId])));
        }
        await tx.execute(sql`analyze packages`);
        await tx.execute(sql`analyze travels`);
        for (const setting of ['enable_seqscan', 'enable_bitmapscan'])
          await tx.execute(sql`select set_config(${setting}, 'off', true)`);
        for (const [name, source] of [
          ['Marrakech → Zurich', listing],
          ['Tunis → Paris', tunisParis],
        ] as const) {
          const explained = await tx.execute(sql`explain ${matchQuery(tx, source).getSQL()}`);
          plans.set(
            name,
            rowsOf(explained, z.object({ 'QUERY PLAN': z.string() }))
              .map((row) => row['QUERY PLAN'])
              .join('\n'),
          );
        }
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  });

  for (const name of ['Marrakech → Zurich', 'Tunis → Paris'])
    test(`${name}: an index of open trips by country and departure, read as the window's range`, (t) => {
      const plan = plans.get(name)!;
      t.diagnostic(plan);
      assert.match(plan, /Index Scan using travels_open_(route|from_country|to_country)_date_idx on travels/, plan);
      assert.match(plan, /Index Cond: .*_country = .*started_at >= .*started_at <= /, plan);
      assert.doesNotMatch(plan, /Seq Scan on travels|Bitmap/, plan);
    });

  test('the main corridor reads the index of its two countries', () => {
    assert.match(plans.get('Tunis → Paris')!, /Index Scan using travels_open_route_date_idx on travels/);
  });
});
