// Benchmark data set: ~500 members and 100,000 listings (50,000 packages + 50,000 travels) on
// routes between the big cities of the nine served countries, for `npm run bench`.
//
//   node --conditions=react-server --import tsx scripts/bench/generate.ts
//
// The database is the one of DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL server), as for the
// app. It must hold no listing yet. Deterministic: one seeded PRNG, dates relative to now.
// Rows go in multi-row INSERTs of 1,000, ten batches per transaction, then ANALYZE.
// What a route implies (currency, price per kg, travel type, duration, room), the parcels and the
// members' names are the demo seed's (lib/server/db/seed/); the spread of cities, dates and
// statuses is the benchmark's own.
import { sql } from 'drizzle-orm';
import type { Place } from '@/lib/places';
import { z } from '@/lib/zod';
import { closeDb, connection, rowsOf } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { packages, travels, users } from '@/lib/server/db/schema';
import { endpoints, place, routeBetween, type Route } from '@/lib/server/db/seed/geography';
import { deliveryWindow, parcelWeight, pickItem } from '@/lib/server/db/seed/items';
import { PEOPLE } from '@/lib/server/db/seed/people';
import { priceFor } from '@/lib/server/db/seed/prices';
import { Rng } from '@/lib/server/db/seed/rng';
import { tripDescription } from '@/lib/server/db/seed/trip-descriptions';
import { availableKgFor, travelTypeFor, tripDuration } from '@/lib/server/db/seed/trips';
import { DAY, HOUR, round } from '@/lib/server/db/seed/units';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const PER_KIND = Number(process.env.BENCH_LISTINGS_PER_KIND ?? 50_000);
const BATCH = 1_000;
const BATCHES_PER_TX = 10;

type NewPackage = typeof packages.$inferInsert;
type NewTravel = typeof travels.$inferInsert;
type NewUser = typeof users.$inferInsert;
type Status = NonNullable<NewPackage['status']>;

const rng = new Rng(0xbe4c4);

// ---------------------------------------------------------------- places and routes
// Many more city pairs than the demo's route table (lib/server/db/seed/routes.ts), for a list that big.

const CITIES: Record<string, string[]> = {
  TN: [
    'Tunis',
    'Sfax',
    'Sousse',
    'Kairouan',
    'Bizerte',
    'Gabès',
    'Ariana',
    'Monastir',
    'Nabeul',
    'Houmt El Souk',
    'Gafsa',
    'Kasserine',
  ],
  FR: [
    'Paris',
    'Marseille',
    'Lyon',
    'Toulouse',
    'Nice',
    'Nantes',
    'Strasbourg',
    'Montpellier',
    'Bordeaux',
    'Lille',
    'Rennes',
    'Grenoble',
  ],
  IT: ['Rome', 'Milan', 'Naples', 'Turin', 'Palermo', 'Genoa', 'Bologna', 'Florence'],
  MA: ['Casablanca', 'Rabat', 'Marrakech', 'Fès', 'Tangier', 'Agadir', 'Meknès', 'Oujda'],
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Seville', 'Málaga', 'Zaragoza'],
  BE: ['Brussels', 'Antwerp', 'Ghent', 'Charleroi', 'Liège'],
  DZ: ['Algiers', 'Oran', 'Constantine', 'Annaba', 'Sétif', 'Blida'],
  DE: ['Berlin', 'Hamburg', 'Munich', 'Cologne', 'Frankfurt', 'Stuttgart', 'Düsseldorf'],
  CH: ['Zurich', 'Geneva', 'Basel', 'Lausanne', 'Bern'],
};

/** Country pairs (either direction) and their share of the traffic: the diaspora corridors first. */
const CORRIDORS: [string, string, number][] = [
  ['TN', 'FR', 30],
  ['TN', 'IT', 6],
  ['TN', 'DE', 5],
  ['TN', 'CH', 3],
  ['TN', 'BE', 3],
  ['TN', 'TN', 8],
  ['MA', 'FR', 8],
  ['DZ', 'FR', 8],
  ['MA', 'ES', 4],
  ['MA', 'BE', 2],
  ['MA', 'IT', 1],
  ['DZ', 'ES', 1],
  ['DZ', 'DE', 1],
  ['DZ', 'TN', 1],
  ['FR', 'FR', 5],
  ['FR', 'BE', 2],
  ['FR', 'DE', 2],
  ['FR', 'CH', 2],
  ['FR', 'IT', 2],
  ['FR', 'ES', 2],
  ['MA', 'MA', 1],
  ['DZ', 'DZ', 1],
  ['IT', 'IT', 1],
  ['ES', 'ES', 1],
  ['DE', 'DE', 1],
  ['BE', 'BE', 1],
  ['CH', 'CH', 1],
];

const placesByCountry = new Map<string, [Place, number][]>(
  Object.entries(CITIES).map(([country, names]) => [
    country,
    names.map((name): [Place, number] => {
      const city = place(name, country);
      // Bigger cities get more listings, less than in proportion to their population.
      return [city, Math.sqrt(Math.max(city.population, 10_000))];
    }),
  ]),
);

function cityOf(country: string, not?: Place): Place {
  const candidates = placesByCountry.get(country)!.filter(([p]) => p.id !== not?.id);
  return rng.weightedItem(candidates);
}

function route(): Route {
  const [a, b] = rng.weightedItem(CORRIDORS.map(([x, y, w]) => [[x, y] as const, w] as const));
  const [fromCountry, toCountry] = rng.chance(0.5) ? [a, b] : [b, a];
  const from = cityOf(fromCountry);
  return routeBetween(from, cityOf(toCountry, from));
}

// ---------------------------------------------------------------- dates and statuses

const now = Date.now();

/** A departure within ±180 days, on a quarter hour. */
function departure(): Date {
  const t = now + rng.float(-180, 180) * DAY;
  return new Date(Math.round(t / (15 * 60_000)) * 15 * 60_000);
}

function statusAt(startedAt: Date, endedAt: Date): Status {
  if (endedAt.getTime() < now)
    return rng.weightedItem<Status>([
      ['finished', 65],
      ['expired', 35],
    ]);
  if (startedAt.getTime() <= now)
    return rng.weightedItem<Status>([
      ['in_transit', 45],
      ['active', 50],
      ['expired', 5],
    ]);
  return rng.weightedItem<Status>([
    ['upcoming', 88],
    ['active', 7],
    ['expired', 5],
  ]);
}

/** Published a few hours to six weeks before departure, and never in the future. */
function createdBefore(startedAt: Date): Date {
  return new Date(Math.min(now - rng.float(0, 2) * HOUR, startedAt.getTime() - rng.float(0.1, 42) * DAY));
}

// ---------------------------------------------------------------- rows

/** Members with the demo's first and last names mixed, speaking a language of their family's. */
function userRows(): NewUser[] {
  const created = new Date(now - 400 * DAY);
  return Array.from({ length: USERS }, (_, i) => {
    const { firstname } = rng.pick(PEOPLE);
    const family = rng.pick(PEOPLE);
    const ratingCount = rng.chance(0.6) ? rng.int(1, 80) : 0;
    return {
      id: rng.id(),
      name: `${firstname} ${family.lastname}`,
      email: `bench-${i}@bench.colibri.test`,
      emailVerified: rng.chance(0.9),
      firstname,
      lastname: family.lastname,
      identityVerified: rng.chance(0.3),
      locale: rng.pick(family.locales),
      ratingAverage: ratingCount ? round(rng.float(3.2, 5), 0.01) : null,
      ratingCount,
      createdAt: created,
      updatedAt: created,
    };
  });
}

/** What packages and travels share, for a listing on `r` from `startedAt` to `endedAt`. */
function listingColumns(ownerIds: string[], r: Route, startedAt: Date, endedAt: Date) {
  const createdAt = createdBefore(startedAt);
  return {
    id: rng.id(),
    ownerId: rng.pick(ownerIds),
    ...endpoints(r),
    startedAt,
    endedAt,
    ...priceFor(rng, r),
    status: statusAt(startedAt, endedAt),
    createdAt,
    updatedAt: createdAt,
  };
}

export function packageRow(ownerIds: string[]): NewPackage {
  const r = route();
  const item = pickItem(rng);
  const startedAt = departure();
  return {
    ...listingColumns(ownerIds, r, startedAt, new Date(startedAt.getTime() + deliveryWindow(rng))),
    name: item.name,
    description: item.description,
    weightKg: parcelWeight(rng, item),
  };
}

export function travelRow(ownerIds: string[]): NewTravel {
  const r = route();
  const type = travelTypeFor(rng, r);
  const startedAt = departure();
  const availableKg = availableKgFor(rng, type);
  return {
    ...listingColumns(ownerIds, r, startedAt, new Date(startedAt.getTime() + tripDuration(rng, type, r))),
    travelType: type,
    availableKg,
    description: tripDescription(rng, type, r, availableKg),
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = performance.now();
  const conn = await connection();
  const db = conn.db;
  await migrateDb();
  const migrated = performance.now();

  const [existing] = rowsOf(
    await db.execute(sql`select (select count(*) from packages) + (select count(*) from travels) as count`),
    z.object({ count: z.coerce.number() }),
  );
  if ((existing?.count ?? 0) > 0)
    throw new Error('[bench] the database already holds listings: use an empty DATA_DIR or database');

  const people = userRows();
  await db.transaction(async (tx) => {
    for (let i = 0; i < people.length; i += BATCH) await tx.insert(users).values(people.slice(i, i + BATCH));
  });
  const ownerIds = people.map((p) => p.id!);

  const kinds: [string, () => NewPackage | NewTravel, typeof packages | typeof travels][] = [
    ['packages', () => packageRow(ownerIds), packages],
    ['travels', () => travelRow(ownerIds), travels],
  ];
  for (const [kind, make, target] of kinds) {
    const kindStarted = performance.now();
    for (let done = 0; done < PER_KIND;) {
      await db.transaction(async (tx) => {
        for (let b = 0; b < BATCHES_PER_TX && done < PER_KIND; b++) {
          const size = Math.min(BATCH, PER_KIND - done);
          const rows = Array.from({ length: size }, () => make());
          await tx.insert(target as typeof packages).values(rows as NewPackage[]);
          done += size;
        }
      });
    }
    console.log(`[bench] ${PER_KIND} ${kind} in ${((performance.now() - kindStarted) / 1000).toFixed(1)} s`);
  }

  const analyzeStarted = performance.now();
  await db.execute(sql`analyze`);
  const total = (performance.now() - started) / 1000;
  console.log(
    `[bench] generated ${USERS} users and ${2 * PER_KIND} listings on ${conn.driver} in ${total.toFixed(1)} s ` +
      `(migrations ${((migrated - started) / 1000).toFixed(1)} s, analyze ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s)`,
  );
}

// Run as a script; imported (tests/api/seed.test.ts), it only lends its row builders.
if (require.main === module)
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => closeDb());
