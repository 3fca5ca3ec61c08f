// Benchmark data set: ~500 members and 100,000 listings (50,000 packages + 50,000 travels) on
// routes between the big cities of the nine served countries, for `npm run bench`.
//
//   node --conditions=react-server --import tsx scripts/bench/generate.ts
//
// The database is the one of DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL server), as for the
// app. It must hold no listing yet. Deterministic: one seeded PRNG, dates relative to now.
// Rows go in multi-row INSERTs of 1,000, ten batches per transaction, then ANALYZE.
import { sql } from 'drizzle-orm';
import { distanceKm, findPlace, type Place } from '@/lib/places';
import { closeDb, connection } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { packages, travels, users } from '@/lib/server/db/schema';
import { Rng } from '@/lib/server/db/seed/rng';
import { currencyOf, PRICES } from '@/lib/server/db/seed/prices';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const PER_KIND = Number(process.env.BENCH_LISTINGS_PER_KIND ?? 50_000);
const BATCH = 1_000;
const BATCHES_PER_TX = 10;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type NewPackage = typeof packages.$inferInsert;
type NewTravel = typeof travels.$inferInsert;
type NewUser = typeof users.$inferInsert;
type Currency = NewPackage['currency'];
type Status = NonNullable<NewPackage['status']>;
type TravelType = NewTravel['travelType'];

// ---------------------------------------------------------------- randomness

const rng = new Rng(0xbe4c4);

// ---------------------------------------------------------------- places and routes

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
      const place = findPlace(name, country);
      if (!place) throw new Error(`[bench] "${name}" (${country}) is missing from the gazetteer (lib/places)`);
      // Bigger cities get more listings, less than in proportion to their population.
      return [place, Math.sqrt(Math.max(place.population, 10_000))];
    }),
  ]),
);

function cityOf(country: string, not?: Place): Place {
  const candidates = placesByCountry.get(country)!.filter(([p]) => p.id !== not?.id);
  return rng.weightedItem(candidates);
}

type Route = { from: Place; to: Place; km: number };

function route(): Route {
  const [a, b] = rng.weightedItem(CORRIDORS.map(([x, y, w]) => [[x, y] as const, w] as const));
  const [fromCountry, toCountry] = rng.chance(0.5) ? [a, b] : [b, a];
  const from = cityOf(fromCountry);
  const to = cityOf(toCountry, from);
  return { from, to, km: distanceKm(from, to) };
}

const MAGHREB = new Set(['TN', 'DZ', 'MA']);

function round(value: number, step: number): number {
  return Math.round(Math.round(value / step) * step * 1000) / 1000;
}

function price(r: Route): { pricePerKg: number; currency: Currency } {
  const currency = currencyOf(r.from.country);
  const { domestic, abroad, step } = PRICES[currency];
  const [min, max] = r.from.country === r.to.country || r.km < 400 ? domestic : abroad;
  return { currency, pricePerKg: Math.max(step, round(rng.float(min, max), step)) };
}

function overSea(r: Route): boolean {
  const a = r.from.country;
  const b = r.to.country;
  if (a === b) return false;
  return MAGHREB.has(a) !== MAGHREB.has(b);
}

function travelType(r: Route): TravelType {
  if (overSea(r)) return rng.weighted({ plane: 80, car: 13, truck: 7 });
  if (r.from.country !== r.to.country) {
    if (MAGHREB.has(r.from.country)) return rng.weighted({ rental_car: 40, car: 30, bus: 15, truck: 15 });
    if (r.km > 800) return rng.weighted({ plane: 50, train: 25, car: 15, bus: 10 });
    return rng.weighted({ train: 40, car: 25, bus: 20, plane: 5, truck: 5, motorcycle: 5 });
  }
  if (r.km < 80)
    return rng.weighted({ car: 25, taxi: 20, motorcycle: 15, bike: 10, bus: 10, train: 10, rental_car: 10 });
  if (r.km > 500) return rng.weighted({ plane: 30, train: 30, car: 25, bus: 15 });
  return rng.weighted({ car: 35, train: 20, bus: 20, rental_car: 10, taxi: 5, truck: 10 });
}

const SPEED_KMH: Record<TravelType, number> = {
  plane: 600,
  car: 75,
  rental_car: 75,
  motorcycle: 70,
  bike: 18,
  bus: 55,
  train: 90,
  truck: 60,
  taxi: 70,
};

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

const FIRSTNAMES = [
  'Mohamed',
  'Yasmine',
  'Hichem',
  'Nour',
  'Oussama',
  'Salma',
  'Aymen',
  'Rania',
  'Mehdi',
  'Ines',
  'Julien',
  'Camille',
  'Thomas',
  'Léa',
  'Nicolas',
  'Sarah',
  'Youssef',
  'Marco',
  'Giulia',
  'Omar',
  'Khadija',
  'Amine',
  'Lina',
  'Javier',
  'Lucía',
  'Pieter',
  'Sofia',
  'Lukas',
  'Leila',
  'Nadia',
];
const LASTNAMES = [
  'Ben Ali',
  'Jebali',
  'Mejri',
  'Hamdi',
  'Khelifi',
  'Bouazizi',
  'Chaabane',
  'Ayari',
  'Jlassi',
  'Dridi',
  'Martin',
  'Dubois',
  'Moreau',
  'Bernard',
  'Haddad',
  'Mansouri',
  'Rossi',
  'Bianchi',
  'Benjelloun',
  'Alaoui',
  'Belkacem',
  'Saadi',
  'García',
  'Janssens',
  'El Amrani',
  'Schneider',
  'Keller',
];
const PACKAGE_NAMES = [
  'Vêtements pour la famille',
  'Documents administratifs',
  'Médicaments',
  'Épices et dattes',
  'Huile d’olive',
  'Cadeaux de mariage',
  'Livres scolaires',
  'Téléphone et chargeur',
  'Pâtisseries',
  'Chaussures',
  'Pièces auto',
  'Ordinateur portable',
  'Jouets',
  'Produits cosmétiques',
  'Valise de vêtements',
  'Tapis berbère',
];

function userRows(): NewUser[] {
  const created = new Date(now - 400 * DAY);
  return Array.from({ length: USERS }, (_, i) => {
    const firstname = rng.pick(FIRSTNAMES);
    const lastname = rng.pick(LASTNAMES);
    const ratingCount = rng.chance(0.6) ? rng.int(1, 80) : 0;
    return {
      id: rng.id(),
      name: `${firstname} ${lastname}`,
      email: `bench-${i}@bench.colibri.test`,
      emailVerified: rng.chance(0.9),
      firstname,
      lastname,
      identityVerified: rng.chance(0.3),
      locale: rng.pick(['fr', 'fr', 'ar-TN', 'en', 'ar']),
      ratingAverage: ratingCount ? round(rng.float(3.2, 5), 0.01) : null,
      ratingCount,
      createdAt: created,
      updatedAt: created,
    };
  });
}

function placeColumns(r: Route) {
  return {
    fromCity: r.from.names.fr,
    fromCountry: r.from.country,
    fromPlaceId: r.from.id,
    fromLat: r.from.lat,
    fromLng: r.from.lng,
    toCity: r.to.names.fr,
    toCountry: r.to.country,
    toPlaceId: r.to.id,
    toLat: r.to.lat,
    toLng: r.to.lng,
  };
}

function packageRow(ownerIds: string[]): NewPackage {
  const r = route();
  const startedAt = departure();
  const endedAt = new Date(startedAt.getTime() + rng.float(2, 30) * DAY);
  const createdAt = createdBefore(startedAt);
  const weightKg = round(rng.chance(0.7) ? rng.float(0.2, 8) : rng.float(8, 30), 0.1) || 0.5;
  return {
    id: rng.id(),
    ownerId: rng.pick(ownerIds),
    ...placeColumns(r),
    startedAt,
    endedAt,
    ...price(r),
    status: statusAt(startedAt, endedAt),
    createdAt,
    updatedAt: createdAt,
    name: rng.pick(PACKAGE_NAMES),
    description: rng.chance(0.5) ? 'Colis bien emballé, remise en main propre.' : '',
    weightKg,
  };
}

function travelRow(ownerIds: string[]): NewTravel {
  const r = route();
  const type = travelType(r);
  const startedAt = departure();
  const hours = r.km / SPEED_KMH[type] + (type === 'plane' ? 2 : 0) + (overSea(r) && type !== 'plane' ? 24 : 0);
  const endedAt = new Date(startedAt.getTime() + Math.max(0.5, hours * rng.float(1, 1.3)) * HOUR);
  const createdAt = createdBefore(startedAt);
  return {
    id: rng.id(),
    ownerId: rng.pick(ownerIds),
    ...placeColumns(r),
    startedAt,
    endedAt,
    ...price(r),
    status: statusAt(startedAt, endedAt),
    createdAt,
    updatedAt: createdAt,
    travelType: type,
    availableKg: rng.chance(0.15) ? null : round(type === 'plane' ? rng.float(3, 23) : rng.float(5, 120), 1),
    description: rng.chance(0.4) ? 'Départ à l’heure, remise en main propre.' : '',
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = performance.now();
  const conn = await connection();
  const db = conn.db;
  await migrateDb();
  const migrated = performance.now();

  const [existing] = rowsOf<{ count: string }>(
    await db.execute(sql`select (select count(*) from packages) + (select count(*) from travels) as count`),
  );
  if (Number(existing?.count ?? 0) > 0)
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

/** Rows of a db.execute() result: an array (postgres-js) or { rows } (PGlite). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
