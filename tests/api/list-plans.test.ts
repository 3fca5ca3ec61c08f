// The plans of the lists' query (listQuery, lib/server/listings/listings.ts): each filter and each
// order reads an index in the list's order and stops at the page, on PGlite and on PostgreSQL; and the
// keyset cursor pages through every order without a gap or a repeat.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/list-plans.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { call, deleteListingsOf, member, soon } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import { z } from '@/lib/zod';
import { packages, travels } from '@/lib/server/db/schema';
import { packageRow, travelRow } from '@/scripts/bench/generate';
import { listListings, listQuery } from '@/lib/server/listings/listings';
import { listingFiltersSchema, type ListingFilters } from '@/lib/schemas/listings';
import { listSorts, type ListingKind } from '@/lib/domain';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
// A later page: from the middle of the market's dates, prices and publications.
const cursor = (v: string | number) => Buffer.from(JSON.stringify({ v, id: 'M' })).toString('base64url');
const later = {
  date: cursor(new Date().toISOString()),
  price: cursor(20),
  recent: cursor(new Date(Date.now() - 10 * 86_400_000).toISOString()),
};
const orders = { date: 'date', price: 'price', created: 'recent' } as const;

/**
 * `exact`: the scan's conditions are all in the index's (nothing read is dropped), so the scan reads
 * the page's rows only. `skips`: a filter the index does not hold (a range on another column than
 * the order, a second side): the index still gives the order, and the rows outside are skipped.
 */
type Case = { kind: ListingKind; filters: ListingFilters; index: string; reads: 'exact' | 'skips' };

const cases: Record<string, Case> = {};
for (const kind of ['package', 'travel'] as const) {
  const table = kind === 'package' ? 'packages' : 'travels';
  const shapes: Record<string, ListingFilters> = {
    '': {},
    route: { fromCountry: 'TN', toCountry: 'FR' },
    from_country: { fromCountry: 'TN' },
    to_country: { toCountry: 'FR' },
    places: { from: 'Tunis', to: 'Paris' },
    from_place: { from: 'Sfax' },
    to_place: { to: 'Lyon' },
    ...(kind === 'travel' ? { type: { type: 'car' as const } } : {}),
  };
  for (const [shape, filters] of Object.entries(shapes))
    for (const [order, sort] of Object.entries(orders)) {
      const index = `${table}_open_${shape ? `${shape}_` : ''}${order}_idx`;
      cases[`${kind}s ${JSON.stringify(filters)} by ${sort}`] = {
        kind,
        filters: { ...filters, sort },
        index,
        reads: 'exact',
      };
      cases[`${kind}s ${JSON.stringify(filters)} by ${sort}, a later page`] = {
        kind,
        filters: { ...filters, sort, cursor: later[sort] },
        index,
        reads: 'exact',
      };
    }
  Object.assign(cases, {
    [`${kind}s departing between two days`]: {
      kind,
      filters: { after: day(7), before: day(60) },
      index: `${table}_open_date_idx`,
      reads: 'exact',
    },
    [`${kind}s under a price, by price`]: {
      kind,
      filters: { maxPrice: 20, sort: 'price' },
      index: `${table}_open_price_idx`,
      reads: 'exact',
    },
    [`${kind}s under a price, by date`]: {
      kind,
      filters: { maxPrice: 20 },
      index: `${table}_open_date_idx`,
      reads: 'skips',
    },
    [`${kind}s from a city to a country`]: {
      kind,
      filters: { from: 'Tunis', toCountry: 'CH', sort: 'price' },
      index: `${table}_open_route_price_idx`,
      reads: 'skips',
    },
    [`${kind}s of a status`]: {
      kind,
      filters: { status: 'finished' },
      index: `${table}_status_date_idx`,
      reads: 'exact',
    },
    ...Object.fromEntries(
      Object.entries(orders).map(([order, sort]) => [
        `${kind}s of every status, by ${sort}`,
        { kind, filters: { status: 'all', sort }, index: `${table}_${order}_idx`, reads: 'exact' },
      ]),
    ),
  } satisfies Record<string, Case>);
}
cases['packages of a weight'] = {
  kind: 'package',
  filters: { minWeight: 5, maxWeight: 10 },
  index: 'packages_open_date_idx',
  reads: 'skips',
};
cases['travels with free kilos'] = {
  kind: 'travel',
  filters: { minWeight: 5 },
  index: 'travels_open_date_idx',
  reads: 'skips',
};

// The benchmark's market (scripts/bench/generate.ts: its routes, dates, prices and statuses),
// inserted, analysed, explained and rolled back in one transaction: the planner weighs the indexes
// by the statistics of a full database, and no other test sees the rows.
const marketSize = 4000;
const plans = new Map<string, string>();

async function explainAll(ownerId: string) {
  const db = await getDb();
  const rolledBack = new Error('rolled back');
  await db
    .transaction(async (tx) => {
      for (let done = 0; done < marketSize; done += 500) {
        await tx.insert(packages).values(Array.from({ length: 500 }, () => packageRow([ownerId])));
        await tx.insert(travels).values(Array.from({ length: 500 }, () => travelRow([ownerId])));
      }
      await tx.execute(sql`analyze packages`);
      await tx.execute(sql`analyze travels`);
      // A scan and a sort must not look cheaper: a query no index serves in its order would still sort.
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
        await tx.execute(sql`select set_config(${setting}, 'off', true)`);
      for (const [name, { kind, filters }] of Object.entries(cases)) {
        const query = listQuery(tx, kind, listingFiltersSchema.parse(filters));
        const explained = await tx.execute(sql`explain ${query.getSQL()}`);
        const lines = rowsOf(explained, z.object({ 'QUERY PLAN': z.string() })).map((row) => row['QUERY PLAN']);
        plans.set(name, lines.join('\n'));
      }
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
}

let owner: Awaited<ReturnType<typeof member>>;

before(async () => {
  await migrateDb();
  owner = await member('plans');
  await explainAll(owner.userId);
});
after(async () => {
  await deleteListingsOf(owner.userId);
  await closeDb();
});

describe('plans of the lists', () => {
  for (const [name, { kind, filters, index, reads }] of Object.entries(cases))
    test(`${name}: ${index}, in order, ${reads === 'exact' ? 'its conditions in the index' : 'the others skipped'}`, async () => {
      const table = kind === 'package' ? 'packages' : 'travels';
      const text = plans.get(name)!;
      // The limit reads the list's index in order through the owner's join: nothing sorts the table.
      assert.match(text, /^Limit/, text);
      const lines = text.split('\n');
      const at = lines.findIndex((line) =>
        new RegExp(`Index Scan(?: Backward)? using ${index} on ${table}\\b`).test(line),
      );
      assert.ok(at >= 0, `${index} expected:\n${text}`);
      assert.doesNotMatch(text, /Sort|Seq Scan|Bitmap/, text);
      // The scan's own lines (conditions, filter), down to its first child or the next node.
      const depth = lines[at]!.search(/\S/);
      const details: string[] = [];
      for (const line of lines.slice(at + 1)) {
        if (line.includes('->') || line.search(/\S/) <= depth) break;
        details.push(line);
      }
      if (reads === 'exact') assert.ok(!details.some((line) => /Filter:/.test(line)), text);
      else
        assert.ok(
          details.some((line) => /Filter:/.test(line)),
          text,
        );
      if (filters.cursor)
        assert.ok(
          details.some((line) => /Index Cond: .*ROW\(/.test(line)),
          text,
        );
    });
});

describe('keyset pages', () => {
  // Six parcels Nabeul → Nice (a route no other test file uses), pairs sharing a date, a price or a
  // publication time, so that every order meets ties the identifier breaks.
  before(async () => {
    const db = await getDb();
    for (let i = 0; i < 6; i++) {
      const answer = await call(createPackage, {
        cookie: owner.cookie,
        body: {
          from: { city: 'Nabeul', country: 'TN' },
          to: { city: 'Nice', country: 'FR' },
          startedAt: soon(10 + Math.floor(i / 2)),
          endedAt: soon(20),
          pricePerKg: 10 + (i % 3),
          currency: 'TND',
          name: `Colis ${i}`,
          weightKg: 2,
        },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.json));
      await db.execute(
        sql`update packages set created_at = ${new Date(Date.now() - Math.floor(i / 3) * 60_000).toISOString()}::timestamptz where id = ${answer.json.data.id}`,
      );
    }
  });

  for (const sort of listSorts)
    test(`by ${sort}: two at a time, every parcel once, in the order of the whole list`, async () => {
      const filters = { from: 'Nabeul', to: 'Nice', sort };
      const whole = await listListings('package', listingFiltersSchema.parse({ ...filters, limit: 50 }));
      assert.equal(whole.items.length, 6);
      const paged: string[] = [];
      let next: string | null | undefined;
      do {
        const page = await listListings('package', listingFiltersSchema.parse({ ...filters, limit: 2, cursor: next }));
        assert.ok(page.items.length <= 2);
        paged.push(...page.items.map((item) => item.id));
        next = page.nextCursor;
      } while (next && paged.length < 12);
      assert.deepEqual(
        paged,
        whole.items.map((item) => item.id),
      );
    });
});
