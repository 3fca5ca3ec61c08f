// Routes (city pairs): the pairs the database keeps (route_pairs, its triggers), what a route page
// shows (lib/server/public/routes.ts), which pairs search engines are given, the home search's
// answers (lib/server/public/route-search.ts) and GET /route-prices.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/routes.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import { call, deleteListingsOf, member } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { routePairs, travels } from '@/lib/server/db/schema';
import { findPlace, placeSlug, type Place } from '@/lib/places';
import {
  busiestRoutes,
  indexedRoutes,
  isBigPair,
  routeFilters,
  routeFromSlugs,
  routeOverview,
} from '@/lib/server/public/routes';
import { searchDestination } from '@/lib/server/public/route-search';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as createTravel } from '@/app/api/user/v1/travels/route';
import { PUT as updateTravel } from '@/app/api/user/v1/travels/[id]/route';
import { GET as routePrices } from '@/app/api/user/v1/route-prices/route';

// Routes no other test file publishes on.
const kelibia = findPlace('Kélibia', 'TN')!;
const rouen = findPlace('Rouen', 'FR')!;
const zarzis = findPlace('Zarzis', 'TN')!;
const dijon = findPlace('Dijon', 'FR')!;
const day = 24 * 3600 * 1000;
const soon = (days: number) => new Date(Date.now() + days * day).toISOString();

let owner: Awaited<ReturnType<typeof member>>;
const ids: Record<string, string> = {};

async function publish(
  label: string,
  kind: 'package' | 'travel',
  from: Place,
  to: Place,
  price: number,
  currency = 'EUR',
  hours = 3,
) {
  const common = {
    from: { city: from.names.fr, country: from.country },
    to: { city: to.names.fr, country: to.country },
    startedAt: soon(10),
    endedAt: new Date(Date.now() + 10 * day + hours * 3600 * 1000).toISOString(),
    pricePerKg: price,
    currency,
  };
  const answer =
    kind === 'package'
      ? await call(createPackage, { cookie: owner.cookie, body: { ...common, name: `Colis ${label}`, weightKg: 4 } })
      : await call(createTravel, { cookie: owner.cookie, body: { ...common, travelType: 'plane' } });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  ids[label] = answer.json.data.id;
}

async function pair(from: Place, to: Place) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(routePairs)
    .where(and(eq(routePairs.fromPlaceId, from.id), eq(routePairs.toPlaceId, to.id)));
  return row;
}

before(async () => {
  await migrateDb();
  owner = await member('routes');
  await publish('p1', 'package', kelibia, rouen, 8);
  await publish('p2', 'package', kelibia, rouen, 12);
  await publish('t1', 'travel', kelibia, rouen, 10);
  await publish('t2', 'travel', kelibia, rouen, 30, 'TND', 30);
  await publish('back', 'travel', rouen, kelibia, 9);
});
after(async () => {
  await deleteListingsOf(owner.userId);
  await closeDb();
});

describe('route_pairs', () => {
  test('each new listing counts on its pair, with its latest arrival', async () => {
    const row = await pair(kelibia, rouen);
    assert.ok(row, 'the pair is kept');
    assert.equal(row.listings, 4);
    assert.equal(row.fromCountry, 'TN');
    assert.equal(row.toCountry, 'FR');
    assert.ok(row.lastEndedAt.getTime() > Date.now() + 9 * day);
    assert.equal((await pair(rouen, kelibia))?.listings, 1);
  });

  test('a listing moved to another route counts there; a later arrival moves the date; a status change does nothing', async () => {
    const body = {
      from: { city: zarzis.names.fr, country: 'TN' },
      to: { city: dijon.names.fr, country: 'FR' },
      startedAt: soon(12),
      endedAt: soon(14),
      pricePerKg: 11,
      currency: 'EUR',
      travelType: 'car',
    };
    const created = await call(createTravel, { cookie: owner.cookie, body });
    assert.equal(created.status, 200);
    const id = created.json.data.id as string;
    assert.equal((await pair(zarzis, dijon))?.listings, 1);
    const later = await call(updateTravel, {
      cookie: owner.cookie,
      params: { id },
      body: { ...body, endedAt: soon(20) },
    });
    assert.equal(later.status, 200, JSON.stringify(later.json));
    const moved = await pair(zarzis, dijon);
    assert.equal(moved?.listings, 1, 'the same pair: not counted again');
    assert.ok(moved && moved.lastEndedAt.getTime() > Date.now() + 19 * day);
    const elsewhere = await call(updateTravel, {
      cookie: owner.cookie,
      params: { id },
      body: { ...body, to: { city: rouen.names.fr, country: 'FR' }, endedAt: soon(20) },
    });
    assert.equal(elsewhere.status, 200);
    assert.equal((await pair(zarzis, rouen))?.listings, 1);
    const db = await getDb();
    await db.update(travels).set({ status: 'active' }).where(eq(travels.id, id));
    assert.equal((await pair(zarzis, rouen))?.listings, 1);
    ids.moved = id;
  });
});

describe('a route page', () => {
  test('shows the open listings both ways, the prices per currency and the modes', async () => {
    const overview = await routeOverview({ from: kelibia, to: rouen });
    assert.deepEqual(overview.forward.package.map((l) => l.id).sort(), [ids.p1, ids.p2].sort());
    assert.deepEqual(overview.forward.travel.map((l) => l.id).sort(), [ids.t1, ids.t2].sort());
    assert.deepEqual(
      overview.back.travel.map((l) => l.id),
      [ids.back],
    );
    assert.deepEqual(overview.back.package, []);
    const eur = overview.prices.find((p) => p.currency === 'EUR');
    assert.deepEqual(eur, { currency: 'EUR', count: 3, median: 10, low: 8, high: 12 });
    assert.deepEqual(overview.prices[0]?.currency, 'EUR', 'the most used currency first');
    assert.equal(overview.prices.find((p) => p.currency === 'TND')?.count, 1);
    assert.deepEqual(overview.modes, [{ type: 'plane', count: 2, days: 0.7 }]);
    assert.equal(overview.indexable, true);
    // Zarzis → Rouen (the moved trip) is another route to Rouen.
    assert.ok(overview.otherRoutes.to.some((r) => r.from === zarzis.id && r.to === rouen.id));
    assert.ok(!overview.otherRoutes.from.some((r) => r.to === rouen.id), 'not the page itself');
  });

  test('a pair without listings is for visitors only, but a big pair is indexed', async () => {
    const empty = await routeOverview({ from: kelibia, to: dijon });
    assert.equal(empty.indexable, false);
    assert.deepEqual(empty.prices, []);
    const sfax = findPlace('Sfax', 'TN')!;
    const lyon = findPlace('Lyon', 'FR')!;
    assert.equal(isBigPair({ from: sfax, to: lyon }), true);
    assert.equal(isBigPair({ from: lyon, to: sfax }), true);
    assert.equal(isBigPair({ from: kelibia, to: lyon }), false);
    assert.equal(isBigPair({ from: findPlace('Paris')!, to: lyon }), false);
  });

  test('is found by the slugs of its cities, never for one city twice or an unknown one', () => {
    const route = routeFromSlugs(placeSlug(kelibia), 'rouen');
    assert.equal(route?.from, kelibia);
    assert.equal(route?.to, rouen);
    assert.equal(routeFromSlugs('rouen', 'rouen'), null);
    assert.equal(routeFromSlugs('nowhere', 'rouen'), null);
    assert.equal(routeFromSlugs('paris', 'tunis')?.to.country, 'TN');
  });

  test('search engines are given the pairs served lately and the big pairs, each once', async () => {
    const routes = await indexedRoutes();
    const keys = routes.map((r) => `${r.from}/${r.to}`);
    assert.equal(new Set(keys).size, keys.length);
    assert.ok(keys.includes(`${placeSlug(kelibia)}/rouen`));
    assert.ok(keys.includes('paris/tunis') && keys.includes('tunis/paris'));
    assert.ok(!keys.includes(`${placeSlug(kelibia)}/dijon`));
  });

  test('a country names its busiest routes, its big pairs after them', async () => {
    const routes = await busiestRoutes('TN', 40);
    assert.ok(routes.findIndex((r) => r.from === kelibia.id && r.to === rouen.id) >= 0);
    assert.ok(routes.some((r) => r.fromSlug === 'tunis' && r.toSlug === 'paris'));
    assert.ok(routes.every((r) => r.listings >= 0));
  });
});

describe('the home search', () => {
  test('two cities, however spelled, lead to their route page at what the searcher looks for', () => {
    assert.equal(searchDestination({ from: 'Paris', to: 'Tunis' }), '/envoi-colis/paris/tunis#trajets');
    assert.equal(searchDestination({ from: 'paris', to: 'tunsi', role: 'travel' }), '/envoi-colis/paris/tunis#colis');
    assert.equal(
      searchDestination({ from: 'Jerba', to: 'Marseile' }),
      '/envoi-colis/houmt-souk-djerba/marseille#trajets',
    );
    assert.equal(searchDestination({ from: 'باريس', to: 'تونس' }), '/envoi-colis/paris/tunis#trajets');
    // The enhanced form's ids win over the text, and "Paris, France" is Paris.
    assert.equal(
      searchDestination({ from: 'Paris, France', to: 'whatever', toId: String(zarzis.id) }),
      '/envoi-colis/paris/zarzis#trajets',
    );
  });

  test('a date, one city, an unknown one or the same twice lead to the list', () => {
    assert.equal(
      searchDestination({ from: 'Paris', to: 'Tunis', date: '2027-03-01' }),
      '/trajets?from=Paris&to=Tunis&after=2027-03-01',
    );
    assert.equal(searchDestination({ to: 'Sfaks', role: 'travel' }), '/colis?to=Sfax');
    assert.equal(searchDestination({ from: 'Xyzzyq', to: 'Tunis' }), '/trajets?from=Xyzzyq&to=Tunis');
    assert.equal(searchDestination({ from: 'Tunis', to: 'Tunis' }), '/trajets?from=Tunis&to=Tunis');
    assert.equal(searchDestination({}), '/trajets');
    assert.equal(searchDestination({ date: '2027-02-30', role: 'nobody' }), '/trajets', 'no such day, no such role');
    // A smaller place of a name another place bears: its country goes with it.
    assert.equal(
      searchDestination({ from: 'Hammamet', fromId: String(findPlace('Hammamet', 'DZ')!.id), date: '2027-03-01' }),
      '/trajets?from=Hammamet&fromCountry=DZ&after=2027-03-01',
    );
    assert.deepEqual(routeFilters({ from: kelibia, to: rouen }), {
      from: 'Kélibia',
      to: 'Rouen',
      fromCountry: undefined,
      toCountry: undefined,
    });
  });
});

describe('GET /route-prices', () => {
  test('the prices of a route, as its page shows them', async () => {
    const answer = await call(routePrices, { query: { from: String(kelibia.id), to: String(rouen.id) }, locale: 'ar' });
    assert.equal(answer.status, 200);
    const { data } = answer.json;
    assert.equal(data.path, `/envoi-colis/${placeSlug(kelibia)}/rouen`);
    assert.equal(data.windowDays, 180);
    assert.equal(data.to.name, rouen.names.ar ?? rouen.names.fr);
    assert.deepEqual(data.prices[0], { currency: 'EUR', count: 3, median: 10, low: 8, high: 12 });
  });

  test('no listing: no prices; unknown cities: VALIDATION_FAILED', async () => {
    const none = await call(routePrices, { query: { from: String(kelibia.id), to: String(dijon.id) } });
    assert.deepEqual(none.json.data.prices, []);
    const same = await call(routePrices, { query: { from: String(dijon.id), to: String(dijon.id) } });
    assert.equal(same.json.data.path, null);
    const unknown = await call(routePrices, { query: { from: '1', to: String(dijon.id) } });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.json.error?.fields, {
      from: 'Ville introuvable : vérifiez l’orthographe ou choisissez un pays.',
    });
    const garbage = await call(routePrices, { query: { from: 'x', to: 'y' } });
    assert.equal(garbage.status, 400);
  });

  test('an old listing is not counted once its departure is past the window', async () => {
    const db = await getDb();
    await db.execute(
      sql`update ${travels} set started_at = now() - interval '200 days', ended_at = now() - interval '199 days' where ${travels.id} = ${ids.t2}`,
    );
    const answer = await call(routePrices, { query: { from: String(kelibia.id), to: String(rouen.id) } });
    assert.equal(
      answer.json.data.prices.find((p: { currency: string }) => p.currency === 'TND'),
      undefined,
    );
  });
});
