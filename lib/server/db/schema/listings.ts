import { relations, sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { imageLimits, listingHideCauses, openStatuses } from '../../../domain';
import { id, createdAt, updatedAt, listingStatus, travelType, currency, parcelSize } from './columns';
import { memberRef, users } from './members';

// Listings: packages with their photos, and travels. Rules the database can hold are constraints here
// (DESIGN.md): endedAt after startedAt, weight and price above 0, at most 10 images per listing.

// ---------------------------------------------------------------- listings

/**
 * A point on the unit sphere as a `cube` (the cube extension): (x, y, z) of a latitude and longitude in
 * degrees. The straight-line distance between two such points (`<->`) grows with the distance along
 * the Earth's surface, so a GiST index on it finds the nearest listings in order (lib/server/public/nearby.ts).
 * The nearby query writes the same expression as the index, so that the planner uses it.
 */
export const unitSpherePoint = (lat: AnyPgColumn | SQL, lng: AnyPgColumn | SQL) =>
  sql`cube(array[cos(radians(${lat})) * cos(radians(${lng})), cos(radians(${lat})) * sin(radians(${lng})), sin(radians(${lat}))])`;

/** `status in ('upcoming', 'active')` with literal values, so the planner matches the partial indexes of open listings. */
export const isOpenListing = (status: AnyPgColumn) =>
  sql`${status} in (${sql.raw(openStatuses.map((s) => `'${s}'`).join(', '))})`;

/** Not hidden by moderation (lib/server/moderation/): every list index holds only such rows. */
const shown = (hidden: AnyPgColumn) => sql`${hidden} is null`;
/** Open and shown: the partial indexes of the lists, the map and the alerts. */
const listedOpen = (status: AnyPgColumn, hidden: AnyPgColumn) => sql`${isOpenListing(status)} and ${shown(hidden)}`;

const listingColumns = () => ({
  id: id(),
  ownerId: memberRef('owner_id'),
  fromCity: text('from_city').notNull(),
  fromCountry: text('from_country').notNull(),
  fromPlaceId: integer('from_place_id'),
  fromLat: doublePrecision('from_lat').notNull(),
  fromLng: doublePrecision('from_lng').notNull(),
  toCity: text('to_city').notNull(),
  toCountry: text('to_country').notNull(),
  toPlaceId: integer('to_place_id'),
  toLat: doublePrecision('to_lat').notNull(),
  toLng: doublePrecision('to_lng').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  pricePerKg: numeric('price_per_kg', { precision: 10, scale: 3, mode: 'number' }).notNull(),
  currency: currency('currency').notNull(),
  status: listingStatus('status').notNull().default('upcoming'),
  /** Out of every list and page: a moderator hid it, or its owner is suspended (lib/domain.ts listingHideCauses). */
  hidden: text('hidden', { enum: listingHideCauses }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The indexes of the lists (lib/server/listings/listings.ts, `listQuery`). A list's page is read
 * from an index in the list's order, and the scan stops at the page's size, when the index starts
 * with the columns its filters hold equal and ends with that order and its tie-break (`id`): one
 * index per set of equal filters (none, the countries, the cities, one side's country or city)
 * and per order (departure, price, publication). Open listings, the lists' default, get partial
 * indexes: they stay the size of the market, and a full index would make the scan read the closed
 * listings of the past first. Other statuses read the full indexes of each order. Listings hidden
 * by moderation are in none of them (every list leaves them out).
 */
type ListColumns = Record<
  | 'id'
  | 'status'
  | 'startedAt'
  | 'pricePerKg'
  | 'createdAt'
  | 'fromCountry'
  | 'toCountry'
  | 'fromPlaceId'
  | 'toPlaceId'
  | 'hidden',
  AnyPgColumn
>;
type Columns = [AnyPgColumn, ...AnyPgColumn[]];
function listIndexes(table: 'packages' | 'travels', t: ListColumns, more: Record<string, Columns> = {}) {
  const orders = { date: t.startedAt, price: t.pricePerKg, created: t.createdAt };
  const filters: Record<string, Columns> = {
    route: [t.fromCountry, t.toCountry],
    from_country: [t.fromCountry],
    to_country: [t.toCountry],
    places: [t.fromPlaceId, t.toPlaceId],
    from_place: [t.fromPlaceId],
    to_place: [t.toPlaceId],
    ...more,
  };
  const open = (name: string, columns: Columns) =>
    index(`${table}_open_${name}_idx`)
      .on(...columns, t.id)
      .where(listedOpen(t.status, t.hidden));
  return [
    ...Object.entries(orders).flatMap(([order, column]) => [
      open(order, [column]),
      ...Object.entries(filters).map(([name, equal]) => open(`${name}_${order}`, [...equal, column])),
      index(`${table}_${order}_idx`).on(column, t.id).where(shown(t.hidden)),
    ]),
    index(`${table}_status_date_idx`).on(t.status, t.startedAt, t.id).where(shown(t.hidden)),
  ];
}

export const packages = pgTable(
  'packages',
  {
    ...listingColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    weightKg: numeric('weight_kg', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    // Published from the site's form (issue 21); null on listings from before, or from an app that does not send them.
    size: parcelSize('size'),
    contents: text('contents'),
    /** When the owner declared that the parcel holds nothing prohibited. */
    prohibitedDeclaredAt: timestamp('prohibited_declared_at', { withTimezone: true }),
  },
  (t) => [
    check('packages_dates', sql`${t.endedAt} > ${t.startedAt}`),
    check('packages_weight_positive', sql`${t.weightKg} > 0`),
    check('packages_price_positive', sql`${t.pricePerKg} > 0`),
    check('packages_name_present', sql`length(trim(${t.name})) > 0`),
    index('packages_route_idx').on(t.fromCountry, t.toCountry, t.startedAt),
    index('packages_cities_idx').on(t.fromCity, t.toCity),
    ...listIndexes('packages', t),
    // A weight far from the usual is rare: its few rows are found by weight, then sorted.
    index('packages_open_weight_idx').on(t.weightKg).where(listedOpen(t.status, t.hidden)),
    index('packages_owner_idx').on(t.ownerId),
    // Open packages by where they leave from: the map of offers around me, nearest first.
    index('packages_open_near_idx')
      .using('gist', unitSpherePoint(t.fromLat, t.fromLng))
      .where(listedOpen(t.status, t.hidden)),
  ],
);

export const packageImages = pgTable(
  'package_images',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.position] }),
    // Positions from 0 (the cover) to the limit: at most imageLimits.perListing images.
    check(
      'package_images_position',
      sql`${t.position} >= 0 and ${t.position} < ${sql.raw(String(imageLimits.perListing))}`,
    ),
  ],
);

export const travels = pgTable(
  'travels',
  {
    ...listingColumns(),
    travelType: travelType('travel_type').notNull(),
    availableKg: numeric('available_kg', { precision: 7, scale: 2, mode: 'number' }),
    description: text('description').notNull().default(''),
  },
  (t) => [
    check('travels_dates', sql`${t.endedAt} > ${t.startedAt}`),
    check('travels_price_positive', sql`${t.pricePerKg} > 0`),
    check('travels_available_positive', sql`${t.availableKg} is null or ${t.availableKg} > 0`),
    index('travels_route_idx').on(t.fromCountry, t.toCountry, t.startedAt),
    index('travels_cities_idx').on(t.fromCity, t.toCity),
    ...listIndexes('travels', t, { type: [t.travelType] }),
    index('travels_open_available_idx').on(t.availableKg).where(listedOpen(t.status, t.hidden)),
    index('travels_owner_idx').on(t.ownerId),
    index('travels_open_near_idx')
      .using('gist', unitSpherePoint(t.fromLat, t.fromLng))
      .where(listedOpen(t.status, t.hidden)),
  ],
);

// A row refers to exactly one listing, a package or a travel.
export const listingRef = () => ({
  packageId: text('package_id').references(() => packages.id, { onDelete: 'cascade' }),
  travelId: text('travel_id').references(() => travels.id, { onDelete: 'cascade' }),
});
export const oneListing = (name: string, t: { packageId: unknown; travelId: unknown }) =>
  check(name, sql`num_nonnulls(${t.packageId}, ${t.travelId}) = 1`);

export const packagesRelations = relations(packages, ({ one, many }) => ({
  owner: one(users, { fields: [packages.ownerId], references: [users.id] }),
  images: many(packageImages),
}));
export const packageImagesRelations = relations(packageImages, ({ one }) => ({
  package: one(packages, { fields: [packageImages.packageId], references: [packages.id] }),
}));
export const travelsRelations = relations(travels, ({ one }) => ({
  owner: one(users, { fields: [travels.ownerId], references: [users.id] }),
}));

/**
 * The city pairs listings went between: what makes a route page worth indexing (a listing open or
 * closed in the last 180 days), the other routes of a city, and a country's busiest routes
 * (lib/server/public/routes.ts). Kept by the database itself: triggers on packages and travels
 * (migration 0016) add a pair at each new listing and at each change of a listing's route or
 * arrival date, from whichever code path writes it (the API, the seed, the bench's data). A pair
 * stays when its listings go: `lastEndedAt` tells when it was last served.
 */
export const routePairs = pgTable(
  'route_pairs',
  {
    fromPlaceId: integer('from_place_id').notNull(),
    toPlaceId: integer('to_place_id').notNull(),
    fromCountry: text('from_country').notNull(),
    toCountry: text('to_country').notNull(),
    /** Listings published on the pair (a listing moved onto it counts; one deleted is not taken off). */
    listings: integer('listings').notNull().default(0),
    /** The latest arrival date of its listings: the pair is served until then. */
    lastEndedAt: timestamp('last_ended_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromPlaceId, t.toPlaceId] }),
    index('route_pairs_to_idx').on(t.toPlaceId),
    index('route_pairs_ended_idx').on(t.lastEndedAt),
  ],
);
