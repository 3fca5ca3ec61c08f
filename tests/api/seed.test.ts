// The demo seed on a fresh database:
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/seed.test.ts
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { placeById } from '@/lib/places';
import { listingDay } from '@/lib/listing-days';
import { runListingLifecycle } from '@/lib/server/listings/lifecycle';
import { isDeal, proposalStatuses, type TravelType } from '@/lib/domain';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb } from '@/lib/server/db/client';
import { seedDemo } from '@/lib/server/db/seed';
import { MAGHREB, overSea, place, routeBetween, type Route } from '@/lib/server/db/seed/geography';
import { currencyOf, PRICES, priceRange } from '@/lib/server/db/seed/prices';
import { Rng } from '@/lib/server/db/seed/rng';
import { availableKgFor, travelTypeFor, travelTypeWeights, tripDuration } from '@/lib/server/db/seed/trips';
import { HOUR, MINUTE } from '@/lib/server/db/seed/units';
import { packageRow, travelRow } from '@/scripts/bench/generate';
import { stored } from './stored';
import { imageWidths, variantKey } from '@/lib/server/storage/keys';
import { unreadMessages } from '@/lib/server/members/member';
import {
  accounts,
  conversations,
  messages,
  packageImages,
  packages,
  proposals,
  travels,
  users,
} from '@/lib/server/db/schema';

const demoEmails = ['sender@demo.colibri.tn', 'traveller@demo.colibri.tn', 'newcomer@demo.colibri.tn'];
const listingStates = ['upcoming', 'active', 'in_transit', 'finished', 'expired'];
let counts: Record<string, number> = {};
/** Listings other test files wrote in the same database before the seed ran. */
const earlier = new Set<string>();

before(async () => {
  let started = Date.now();
  await migrateDb();
  const db = await getDb();
  for (const table of [packages, travels])
    for (const { id } of await db.select({ id: table.id }).from(table)) earlier.add(id);
  console.log(`[migrate] ${Date.now() - started} ms`);
  started = Date.now();
  counts = await seedDemo();
  console.log(`[seed] ${Date.now() - started} ms: ${JSON.stringify(counts)}`);
});
after(async () => {
  await closeDb();
});

async function demoUser(email: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  assert.ok(user, `${email} exists`);
  return user;
}

test('the three demo accounts exist with their flags', async () => {
  const sender = await demoUser('sender@demo.colibri.tn');
  assert.equal(sender.firstname, 'Amira');
  assert.equal(sender.emailVerified, true);
  assert.equal(sender.phoneVerified, true);
  assert.equal(sender.phone, '+21620123456');

  const traveller = await demoUser('traveller@demo.colibri.tn');
  assert.equal(traveller.firstname, 'Karim');
  assert.equal(traveller.emailVerified, true);
  assert.equal(traveller.phoneVerified, true);
  assert.equal(traveller.identityVerified, true);

  const moderator = await demoUser('moderator@demo.colibri.tn');
  assert.equal(moderator.role, 'moderator', 'the demo moderator is staff');
  assert.equal(sender.role, 'member');

  const newcomer = await demoUser('newcomer@demo.colibri.tn');
  assert.equal(newcomer.emailVerified, true);
  assert.equal(newcomer.phoneVerified, false);
  assert.equal(newcomer.phone, null);

  const db = await getDb();
  const owned = await db.select({ id: packages.id }).from(packages).where(eq(packages.ownerId, newcomer.id));
  assert.equal(owned.length, 0, 'the newcomer owns no parcel');
  const [senderPackages] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(packages)
    .where(eq(packages.ownerId, sender.id));
  assert.ok(senderPackages!.n >= 8);
  const [travellerTravels] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(travels)
    .where(eq(travels.ownerId, traveller.id));
  assert.ok(travellerTravels!.n >= 8);
});

test('the demo password verifies against the stored hash of every demo account', async () => {
  const db = await getDb();
  const rows = await db
    .select({
      email: users.email,
      password: accounts.password,
      providerId: accounts.providerId,
      accountId: accounts.accountId,
      userId: users.id,
    })
    .from(accounts)
    .innerJoin(users, eq(accounts.userId, users.id))
    .where(inArray(users.email, demoEmails));
  assert.equal(rows.length, 3);
  for (const row of rows) {
    assert.equal(row.providerId, 'credential');
    assert.equal(row.accountId, row.userId);
    assert.ok(row.password);
    assert.equal(await verifyPassword({ hash: row.password, password: 'demo1234' }), true, row.email);
    assert.equal(await verifyPassword({ hash: row.password, password: 'wrong-password' }), false);
  }
  const [all] = await db
    .select({
      users: sql<number>`(select count(*)::int from users)`,
      accounts: sql<number>`count(*)::int`,
    })
    .from(accounts);
  assert.equal(all!.accounts, all!.users, 'every user can sign in');
});

test('listings: enough of them, in every state, with every travel type', async () => {
  const db = await getDb();
  const packageStates = await db
    .select({ status: packages.status, n: sql<number>`count(*)::int` })
    .from(packages)
    .groupBy(packages.status);
  const travelStates = await db
    .select({ status: travels.status, n: sql<number>`count(*)::int` })
    .from(travels)
    .groupBy(travels.status);
  assert.ok(packageStates.reduce((sum, r) => sum + r.n, 0) >= 80);
  assert.ok(travelStates.reduce((sum, r) => sum + r.n, 0) >= 80);
  assert.deepEqual(packageStates.map((r) => r.status).sort(), [...listingStates].sort());
  assert.deepEqual(travelStates.map((r) => r.status).sort(), [...listingStates].sort());

  const types = await db.selectDistinct({ type: travels.travelType }).from(travels);
  assert.equal(types.length, 9, JSON.stringify(types));

  // Dates that agree with the states, as the lifecycle sweep reads them (Tunis calendar days): the
  // sweep has nothing to move in a fresh demo.
  const now = Date.now();
  const today = listingDay(now);
  for (const table of [packages, travels])
    for (const row of (await db.select().from(table)).filter((r) => !earlier.has(r.id))) {
      assert.ok(row.endedAt > row.startedAt);
      if (row.status === 'upcoming') assert.ok(listingDay(row.startedAt) > today, row.id);
      if (row.status === 'active')
        assert.ok(row.startedAt.getTime() <= now && listingDay(row.endedAt) >= today, row.id);
      if (row.status === 'in_transit') assert.ok(row.startedAt.getTime() < now && row.endedAt.getTime() > now, row.id);
      if (row.status === 'finished' || row.status === 'expired') assert.ok(listingDay(row.endedAt) < today, row.id);
    }
  assert.deepEqual(await runListingLifecycle(), { activated: 0, expired: 0, declined: 0 });
  // Proposals on trips describe their parcel.
  const onTrips = await db.select().from(proposals).where(isNotNull(proposals.travelId));
  assert.ok(onTrips.length > 0);
  for (const p of onTrips)
    assert.ok(p.parcelSize && p.parcelWeightKg && p.parcelContents && p.prohibitedDeclaredAt, p.id);
});

test('proposals in every state and conversations with messages', async () => {
  const db = await getDb();
  const states = await db.selectDistinct({ status: proposals.status }).from(proposals);
  assert.deepEqual(states.map((r) => r.status).sort(), [...proposalStatuses].sort());

  const perConversation = await db
    .select({
      id: conversations.id,
      n: sql<number>`count(${messages.id})::int`,
      last: sql<string>`max(${messages.createdAt})`,
    })
    .from(conversations)
    .leftJoin(messages, eq(messages.conversationId, conversations.id))
    .groupBy(conversations.id);
  assert.ok(perConversation.length >= 25, `${perConversation.length} conversations`);
  for (const row of perConversation) assert.ok(row.n >= 2 && row.n <= 10, `${row.id}: ${row.n} messages`);

  const [mismatch] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      sql`${conversations.lastMessageAt} <> (select max(m.created_at) from messages m where m.conversation_id = ${conversations.id})`,
    );
  assert.equal(mismatch!.n, 0, 'lastMessageAt is the last message');

  const sender = await demoUser('sender@demo.colibri.tn');
  const traveller = await demoUser('traveller@demo.colibri.tn');
  assert.ok((await unreadMessages(sender.id)) > 0, 'the demo sender has unread messages');
  assert.ok((await unreadMessages(traveller.id)) > 0, 'the demo traveller has unread messages');

  for (const user of [sender, traveller]) {
    const received = await db
      .selectDistinct({ status: proposals.status })
      .from(proposals)
      .where(eq(proposals.publisherId, user.id));
    const receivedStates = received.map((r) => r.status);
    assert.ok(
      receivedStates.includes('pending') && receivedStates.some(isDeal),
      `${user.email} received ${receivedStates}`,
    );
    const [sent] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(eq(proposals.senderId, user.id));
    assert.ok(sent!.n > 0, `${user.email} sent proposals`);
  }
});

test('deals: their amount and codes, steps in time order, delivered ones on finished listings', async () => {
  const db = await getDb();
  const deals = (await db.select().from(proposals)).filter(
    (p) => isDeal(p.status) && !earlier.has(p.packageId ?? p.travelId!),
  );
  assert.ok(deals.some((p) => p.status === 'delivered') && deals.some((p) => p.status === 'in_transit'));
  for (const p of deals) {
    assert.ok(p.agreedAmount && /^\d{6}$/.test(p.pickupCode!) && /^\d{6}$/.test(p.deliveryCode!), p.id);
    const steps = [p.createdAt, p.acceptedAt, p.pickedUpAt, p.deliveredAt].filter((d): d is Date => d !== null);
    assert.deepEqual(
      steps,
      [...steps].sort((a, b) => a.getTime() - b.getTime()),
      p.id,
    );
  }
  const packagesWithDeals = deals.filter((p) => p.packageId).map((p) => p.packageId);
  assert.equal(new Set(packagesWithDeals).size, packagesWithDeals.length, 'one deal per parcel');
});

test('package images are on disk', async () => {
  const db = await getDb();
  const images = await db.select().from(packageImages);
  assert.ok(images.length > 0);
  for (const image of images) {
    for (const width of imageWidths) assert.ok((await stored(variantKey(image.key, width)))?.length, image.key);
  }
});

test('rating counts and averages match the ratings table', async () => {
  const db = await getDb();
  const rows = await db
    .select({
      id: users.id,
      count: users.ratingCount,
      average: users.ratingAverage,
      actual: sql<number>`(select count(*)::int from ratings r where r.rated_user_id = users.id)`,
      actualAverage: sql<
        string | null
      >`(select round(avg(r.score), 2) from ratings r where r.rated_user_id = users.id)`,
    })
    .from(users);
  assert.ok(rows.some((r) => r.count > 0));
  for (const row of rows) {
    assert.equal(row.count, row.actual, row.id);
    assert.equal(row.average, row.actualAverage === null ? null : Number(row.actualAverage), row.id);
  }
});

// ---------------------------------------------------------------- the rules the seed and the benchmark data share

const route = (from: string, fromCc: string, to: string, toCc: string) =>
  routeBetween(place(from, fromCc), place(to, toCc));
const possibleTypes = (r: Route) =>
  Object.entries(travelTypeWeights(r))
    .filter(([, weight]) => weight! > 0)
    .map(([type]) => type)
    .sort();

test('rules: the Maghreb (Libya included) and the routes over the sea', () => {
  assert.deepEqual([...MAGHREB].sort(), ['DZ', 'LY', 'MA', 'TN']);
  assert.equal(overSea(route('Sfax', 'TN', 'Tripoli', 'LY')), false, 'Tunisia and Libya share a border');
  assert.equal(overSea(route('Annaba', 'DZ', 'Tunis', 'TN')), false);
  assert.equal(overSea(route('Tunis', 'TN', 'Sfax', 'TN')), false);
  assert.equal(overSea(route('Paris', 'FR', 'Berlin', 'DE')), false);
  assert.equal(overSea(route('Geneva', 'CH', 'Lyon', 'FR')), false);
  assert.equal(overSea(route('Tunis', 'TN', 'Paris', 'FR')), true);
  assert.equal(overSea(route('Tunis', 'TN', 'Doha', 'QA')), true);
  assert.equal(overSea(route('Paris', 'FR', 'Ottawa', 'CA')), true, 'not in the Maghreb either, but an ocean away');
});

test('rules: currency and price per kg by route class', () => {
  assert.equal(currencyOf('TN'), 'TND');
  assert.equal(currencyOf('BE'), 'EUR');
  assert.equal(currencyOf('CH'), 'CHF');
  assert.equal(currencyOf('LY'), 'USD');
  assert.deepEqual(priceRange(route('Tunis', 'TN', 'Sfax', 'TN')), { currency: 'TND', range: [3, 10], step: 0.5 });
  assert.deepEqual(priceRange(route('Tunis', 'TN', 'Paris', 'FR')), { currency: 'TND', range: [15, 45], step: 0.5 });
  assert.deepEqual(priceRange(route('Paris', 'FR', 'Tunis', 'TN')), { currency: 'EUR', range: [5, 15], step: 0.5 });
  assert.deepEqual(priceRange(route('Algiers', 'DZ', 'Oran', 'DZ')), { currency: 'DZD', range: [200, 600], step: 50 });
  // Abroad but near (Nice - Genoa, about 160 km): priced like a domestic trip.
  assert.deepEqual(priceRange(route('Nice', 'FR', 'Genoa', 'IT')), { currency: 'EUR', range: [2, 6], step: 0.5 });
  for (const [currency, { domestic, abroad, step }] of Object.entries(PRICES)) {
    for (const [min, max] of [domestic, abroad]) {
      assert.ok(min >= step && min < max, `${currency}: a rounded price is never 0`);
      assert.ok(Number.isInteger(min / step) && Number.isInteger(max / step), `${currency}: rounding stays in range`);
    }
    assert.ok(domestic[0] <= abroad[0] && domestic[1] <= abroad[1], `${currency}: abroad costs more`);
  }
});

test('rules: travel types by route', () => {
  assert.deepEqual(possibleTypes(route('Tunis', 'TN', 'Paris', 'FR')), ['car', 'plane', 'truck'], 'by ferry');
  assert.deepEqual(possibleTypes(route('Tunis', 'TN', 'Frankfurt', 'DE')), ['plane'], 'no direct ferry');
  assert.deepEqual(possibleTypes(route('Tunis', 'TN', 'Doha', 'QA')), ['plane']);
  assert.deepEqual(possibleTypes(route('Sfax', 'TN', 'Tripoli', 'LY')), ['bus', 'car', 'rental_car', 'truck']);
  assert.ok(possibleTypes(route('Sousse', 'TN', 'Monastir', 'TN')).includes('rental_car'), 'the louage');
  assert.ok(!possibleTypes(route('Geneva', 'CH', 'Lausanne', 'CH')).includes('rental_car'));
  assert.ok(possibleTypes(route('Paris', 'FR', 'Berlin', 'DE')).includes('plane'), 'far within Europe');
  assert.ok(!possibleTypes(route('Tunis', 'TN', 'Sfax', 'TN')).includes('plane'));

  const rng = new Rng(1);
  const seen = new Set<TravelType>();
  for (const r of [route('Tunis', 'TN', 'Frankfurt', 'DE'), route('Tunis', 'TN', 'Paris', 'FR')]) {
    for (let i = 0; i < 200; i++) {
      const type = travelTypeFor(rng, r);
      assert.ok(possibleTypes(r).includes(type), type);
      seen.add(type);
      const duration = tripDuration(rng, type, r);
      assert.ok(duration >= 30 * MINUTE && duration <= 48 * HOUR && duration % (5 * MINUTE) === 0, `${duration}`);
      const kg = availableKgFor(rng, type);
      assert.ok(kg === null || (kg >= 2 && kg <= (type === 'plane' ? 23 : 30)), `${type}: ${kg}`);
    }
  }
  assert.deepEqual([...seen].sort(), ['car', 'plane', 'truck']);
  // A sure thing draws nothing: what the seed draws next stays the same.
  const drawn = new Rng(7);
  assert.equal(travelTypeFor(drawn, route('Tunis', 'TN', 'Doha', 'QA')), 'plane');
  assert.equal(drawn.next(), new Rng(7).next());
});

type ListingRow = {
  id: string;
  fromPlaceId: number | null;
  toPlaceId: number | null;
  currency: string;
  pricePerKg: number;
  travelType?: TravelType;
  availableKg?: number | null;
};

function routeOf(row: ListingRow): Route | undefined {
  const from = placeById(row.fromPlaceId ?? -1);
  const to = placeById(row.toPlaceId ?? -1);
  return from && to ? routeBetween(from, to) : undefined;
}

/** What the listing breaks of the shared rules for its route, if anything. */
function ruleBroken(row: ListingRow): string | undefined {
  const r = routeOf(row);
  if (!r) return 'a place outside the gazetteer';
  const { currency, range, step } = priceRange(r);
  if (row.currency !== currency) return `${row.currency} instead of ${currency}`;
  if (row.pricePerKg < range[0] || row.pricePerKg > range[1] || !Number.isInteger(row.pricePerKg / step))
    return `${row.pricePerKg} ${currency} per kg, out of ${range.join('-')} by ${step}`;
  if (row.travelType === undefined) return undefined;
  if (!possibleTypes(r).includes(row.travelType)) return `${row.travelType} is not among ${possibleTypes(r).join()}`;
  const max = row.travelType === 'plane' ? 23 : 30;
  const kg = row.availableKg ?? null;
  if (kg !== null && (kg < 2 || kg > max)) return `${kg} kg of room`;
  return undefined;
}

test('the demo listings and the benchmark listings follow the same route rules', async () => {
  const db = await getDb();
  const demo: [string, ListingRow][] = [
    ...(await db.select().from(packages)).map((row): [string, ListingRow] => [`demo package ${row.id}`, row]),
    ...(await db.select().from(travels)).map((row): [string, ListingRow] => [
      `demo travel ${row.id}`,
      { ...row, travelType: row.travelType! },
    ]),
  ].filter(([, row]) => !earlier.has(row.id));
  const owners = ['bench-owner'];
  const bench: [string, ListingRow][] = Array.from({ length: 1000 }, (_, i): [string, ListingRow] =>
    i % 2
      ? [`bench package ${i}`, packageRow(owners) as ListingRow]
      : [`bench travel ${i}`, travelRow(owners) as ListingRow],
  );
  for (const [name, row] of [...demo, ...bench]) {
    const broken = ruleBroken(row);
    assert.equal(broken, undefined, `${name} (${row.fromPlaceId} -> ${row.toPlaceId}): ${broken}`);
  }
  // Both sets reach the rules' interesting cases.
  for (const set of [demo, bench]) {
    const currencies = new Set(set.map(([, row]) => row.currency));
    assert.ok(
      ['TND', 'EUR', 'MAD', 'DZD', 'CHF'].every((c) => currencies.has(c)),
      [...currencies].join(),
    );
    assert.ok(
      set.some(([, row]) => row.travelType === 'car' && overSea(routeOf(row)!)),
      'a car on a ferry',
    );
  }
});
