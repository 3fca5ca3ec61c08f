// GET nearby: the offers around a point (the autour-de-moi map), from the GiST index of lib/server/public/nearby.ts.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/nearby.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { call, deleteListingsOf, member } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import { z } from '@/lib/zod';
import { nearestQuery } from '@/lib/server/public/nearby';
import { distanceKm, findPlace } from '@/lib/places';
import type { ListingKind } from '@/lib/domain';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as createTravel } from '@/app/api/user/v1/travels/route';
import { POST as setPackageStatus } from '@/app/api/user/v1/packages/[id]/status/route';
import { GET as nearby } from '@/app/api/user/v1/nearby/route';

// A market of its own in the south of Tunisia, where no other test file publishes: around Tozeur,
// Degache (9 km), Nefta (24 km), Kebili (81 km) and Gafsa (82 km).
const tozeur = findPlace('Tozeur', 'TN')!;
const centre = { lat: String(tozeur.lat), lng: String(tozeur.lng) };
const day = 24 * 3600 * 1000;
const soon = (days: number) => new Date(Date.now() + days * day).toISOString();

let owner: Awaited<ReturnType<typeof member>>;
const ids: Record<string, string> = {};

async function publish(label: string, kind: ListingKind, city: string, inDays: number) {
  const common = {
    from: { city, country: 'TN' },
    to: { city: 'Paris' },
    startedAt: soon(inDays),
    endedAt: soon(inDays + 3),
    pricePerKg: 15,
    currency: 'TND',
  };
  const answer =
    kind === 'package'
      ? await call(createPackage, { cookie: owner.cookie, body: { ...common, name: `Dattes ${label}`, weightKg: 4 } })
      : await call(createTravel, { cookie: owner.cookie, body: { ...common, travelType: 'car' } });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  ids[label] = answer.json.data.id;
}

/** The labels of an answer's offers, in order. */
function labels(items: { id: string }[]): string[] {
  const byId = new Map(Object.entries(ids).map(([label, id]) => [id, label]));
  return items.map((item) => byId.get(item.id) ?? `foreign ${item.id}`);
}

async function around(query: Record<string, string>, locale = 'fr') {
  const answer = await call(nearby, { query: { ...centre, ...query }, locale });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data as {
    items: { id: string; kind: string; distanceKm: number; from: { city: string }; startedAt: string }[];
    more: boolean;
  };
}

before(async () => {
  await migrateDb();
  owner = await member('nearby');
  await publish('tozeur-later', 'package', 'Tozeur', 5);
  await publish('tozeur-sooner', 'package', 'Tozeur', 3);
  await publish('nefta-trip', 'travel', 'Nefta', 4);
  await publish('kebili-trip', 'travel', 'Kebili', 6);
  await publish('gafsa', 'package', 'Gafsa', 2);
  await publish('degache', 'package', 'Degache', 2);
  const closed = await call(setPackageStatus, {
    cookie: owner.cookie,
    params: { id: ids.degache! },
    body: { status: 'expired' },
  });
  assert.equal(closed.status, 200);
});
after(async () => {
  await deleteListingsOf(owner.userId);
  await closeDb();
});

describe('nearby offers', () => {
  test('open listings within the radius, nearest first, and in one city the soonest first', async () => {
    assert.deepEqual(labels((await around({ radius: '10' })).items), ['tozeur-sooner', 'tozeur-later']);
    assert.deepEqual(labels((await around({ radius: '50' })).items), ['tozeur-sooner', 'tozeur-later', 'nefta-trip']);
    const wide = await around({ radius: '100' });
    assert.deepEqual(labels(wide.items), ['tozeur-sooner', 'tozeur-later', 'nefta-trip', 'kebili-trip', 'gafsa']);
    assert.equal(wide.more, false);
    // The distance is the gazetteer's great-circle distance to the departure city.
    for (const item of wide.items) {
      const from = findPlace(item.from.city, 'TN')!;
      assert.ok(Math.abs(item.distanceKm - distanceKm(tozeur, from)) <= 0.5, `${item.from.city}: ${item.distanceKm}`);
    }
  });

  test('the type filter keeps parcels or trips', async () => {
    const parcels = await around({ radius: '100', type: 'package' });
    assert.deepEqual(labels(parcels.items), ['tozeur-sooner', 'tozeur-later', 'gafsa']);
    assert.ok(parcels.items.every((item) => item.kind === 'package'));
    assert.deepEqual(labels((await around({ radius: '100', type: 'travel' })).items), ['nefta-trip', 'kebili-trip']);
  });

  test('a closed listing is not offered; open again, it is', async () => {
    assert.ok(!labels((await around({ radius: '20' })).items).includes('degache'));
    const reopened = await call(setPackageStatus, {
      cookie: owner.cookie,
      params: { id: ids.degache! },
      body: { status: 'active' },
    });
    assert.equal(reopened.status, 200);
    assert.deepEqual(labels((await around({ radius: '20' })).items), ['tozeur-sooner', 'tozeur-later', 'degache']);
    await call(setPackageStatus, { cookie: owner.cookie, params: { id: ids.degache! }, body: { status: 'expired' } });
  });

  test('at most `limit`, the nearest, and `more` says that the radius holds others', async () => {
    const two = await around({ radius: '100', limit: '2' });
    assert.deepEqual(labels(two.items), ['tozeur-sooner', 'tozeur-later']);
    assert.equal(two.more, true);
    const five = await around({ radius: '100', limit: '5' });
    assert.equal(five.items.length, 5);
    assert.equal(five.more, false);
  });

  test('cities in the caller’s language; the default radius and type', async () => {
    const arabic = await around({}, 'ar');
    assert.deepEqual(
      arabic.items.map((item) => item.from.city),
      ['توزر', 'توزر', 'نفطة'],
    );
  });

  // prettier-ignore
  const refusals: [query: Record<string, string>, field: string][] = [
    [{ lat: '', lng: '8.1' },                  'lat'],
    [{ lat: '91', lng: '8.1' },                'lat'],
    [{ lat: 'north', lng: '8.1' },             'lat'],
    [{ lat: '33.9', lng: '-181' },             'lng'],
    [{ lat: '33.9' },                          'lng'],
    [{ ...centre, radius: '0' },               'radius'],
    [{ ...centre, radius: '501' },             'radius'],
    [{ ...centre, radius: 'far' },             'radius'],
    [{ ...centre, type: 'boat' },              'type'],
    [{ ...centre, limit: '0' },                'limit'],
    [{ ...centre, limit: '201' },              'limit'],
    [{ ...centre, limit: '1.5' },              'limit'],
  ];
  for (const [query, field] of refusals)
    test(`refuses ${JSON.stringify(query)}: 400, a translated message for ${field}`, async () => {
      const answer = await call(nearby, { query, locale: 'en' });
      assert.equal(answer.status, 400);
      assert.equal(answer.json.error!.code, 'VALIDATION_FAILED');
      const message = answer.json.error!.fields?.[field];
      assert.ok(message && / /.test(message), `${field}: ${message}`);
    });

  test('the query reads each kind’s GiST index in distance order and stops at the limit, in one statement for both', async () => {
    const db = await getDb();
    for (const [type, indexes] of [
      ['package', ['packages_open_near_idx']],
      ['travel', ['travels_open_near_idx']],
      ['all', ['packages_open_near_idx', 'travels_open_near_idx']],
    ] as const) {
      // The test database is small enough for a scan and a sort to look cheaper: forbid them, and see
      // that the indexes serve the query's order (a query they do not match would still sort).
      const plan = await db.transaction(async (tx) => {
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
          await tx.execute(sql`select set_config(${setting}, 'off', true)`);
        const query = nearestQuery(tx, { type, lat: tozeur.lat, lng: tozeur.lng, radius: 100, limit: 50 });
        const result = await tx.execute(sql`explain ${query.getSQL()}`);
        return rowsOf(result, z.object({ 'QUERY PLAN': z.string() }))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      });
      // Each kind's index scan feeds its limit directly, in distance order: nothing sorts the table.
      // (Above, the few rows kept are sorted again with their departure date.)
      for (const index of indexes)
        assert.match(
          plan,
          new RegExp(`Limit[^\\n]*\\n\\s*->\\s*Index Scan using ${index}[^\\n]*\\n\\s*Order By: `),
          plan,
        );
      assert.doesNotMatch(plan, /Seq Scan|Bitmap/, plan);
    }
  });
});
