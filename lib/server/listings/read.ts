import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { findPlace, searchPlaces, type Place } from '@/lib/places';
import {
  defaultSort,
  listingKinds,
  listPageSize,
  openStatuses,
  type Currency,
  type ListingKind,
  type ListingStatus,
  type TravelType,
} from '@/lib/domain';
import type { ListingDetail, ListingFilters, ListingPage, ListingSummary } from '@/lib/schemas/listings';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { isOpenListing, packageImages, packages, travels, users } from '@/lib/server/db/schema';

// Reading the marketplace's listings: lists (keyset-paginated), a listing's page, summaries for
// deals and conversations, the sitemap's listings. The writes are in ./listings.ts.

/** The table of a kind (the columns both share are read through it; the others from `packages` or `travels`). */
function table(kind: ListingKind): typeof packages | typeof travels {
  return kind === 'package' ? packages : travels;
}
export { table as listingTable };

/** The place a filter or an address names: a gazetteer city (any of its names, in any language). */
export function resolvePlace(query: string, country?: string): Place | undefined {
  return findPlace(query, country) ?? searchPlaces(query, { country, limit: 1 })[0];
}

const ownerColumns = {
  ownerId: users.id,
  ownerFirstname: users.firstname,
  ownerRating: users.ratingAverage,
  ownerReviews: users.ratingCount,
  ownerEmailVerified: users.emailVerified,
  ownerPhoneVerified: users.phoneVerified,
  ownerIdentityVerified: users.identityVerified,
};

/** Where a listing leaves from and goes to, as its columns (the list and the map read them). */
export function placeColumns(t: typeof packages | typeof travels) {
  return {
    fromCity: t.fromCity,
    fromCountry: t.fromCountry,
    fromPlaceId: t.fromPlaceId,
    fromLat: t.fromLat,
    fromLng: t.fromLng,
    toCity: t.toCity,
    toCountry: t.toCountry,
    toPlaceId: t.toPlaceId,
    toLat: t.toLat,
    toLng: t.toLng,
  };
}

function summaryColumns(kind: ListingKind) {
  const t = table(kind);
  return {
    id: t.id,
    ...placeColumns(t),
    startedAt: t.startedAt,
    endedAt: t.endedAt,
    pricePerKg: t.pricePerKg,
    currency: t.currency,
    status: t.status,
    createdAt: t.createdAt,
    description: t.description,
    ...(kind === 'package'
      ? {
          name: packages.name,
          weightKg: packages.weightKg,
          cover: sql<
            string | null
          >`(select ${packageImages.key} from ${packageImages} where ${packageImages.packageId} = ${packages.id} order by ${packageImages.position} limit 1)`,
        }
      : { travelType: travels.travelType, availableKg: travels.availableKg }),
    ...ownerColumns,
  };
}

type Row = Record<string, unknown> & {
  id: string;
  startedAt: Date;
  endedAt: Date;
  createdAt: Date;
  pricePerKg: number;
};

function placeOf(row: Row, side: 'from' | 'to'): ListingSummary['from'] {
  return {
    city: row[`${side}City`] as string,
    country: row[`${side}Country`] as string,
    placeId: (row[`${side}PlaceId`] as number | null) ?? null,
    lat: row[`${side}Lat`] as number,
    lng: row[`${side}Lng`] as number,
  };
}

function toSummary(kind: ListingKind, row: Row): ListingSummary {
  return {
    kind,
    id: row.id,
    from: placeOf(row, 'from'),
    to: placeOf(row, 'to'),
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    pricePerKg: Number(row.pricePerKg),
    currency: row.currency as Currency,
    status: row.status as ListingStatus,
    createdAt: row.createdAt.toISOString(),
    name: (row.name as string | undefined) ?? null,
    weightKg: row.weightKg === undefined || row.weightKg === null ? null : Number(row.weightKg),
    travelType: (row.travelType as TravelType | undefined) ?? null,
    availableKg: row.availableKg === undefined || row.availableKg === null ? null : Number(row.availableKg),
    cover: (row.cover as string | null | undefined) ?? null,
    owner: {
      id: row.ownerId as string,
      firstname: row.ownerFirstname as string,
      rating: row.ownerRating === null ? null : Number(row.ownerRating),
      reviewCount: row.ownerReviews as number,
      verified: {
        email: row.ownerEmailVerified as boolean,
        phone: row.ownerPhoneVerified as boolean,
        identity: row.ownerIdentityVerified as boolean,
      },
    },
  };
}

// ---------------------------------------------------------------- keyset cursors

type Cursor = { v: string | number; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (typeof value.id === 'string' && (typeof value.v === 'string' || typeof value.v === 'number')) return value;
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', { cursor: 'cursorInvalid' });
}

/**
 * The query of a list's page (`limit + 1` rows, to tell whether a next page exists), for
 * listListings, the plans' test (tests/api/list-plans.test.ts) and the benchmark. The filters held
 * equal and the order pick an index that reads the page in order (lib/server/db/schema/listings.ts,
 * `listIndexes`). The cursor is a row comparison, which that index reads as a range: a later page
 * starts where the previous one ended.
 */
export function listQuery(db: Db | Tx, kind: ListingKind, filters: ListingFilters) {
  const t = table(kind);
  // Hidden by a moderator, or their owner suspended: in no list (lib/server/moderation/).
  const where: SQL[] = [isNull(t.hidden)];
  if (filters.verified) where.push(eq(users.identityVerified, true));

  const status = filters.status ?? 'open';
  if (status === 'open') where.push(isOpenListing(t.status));
  else if (status !== 'all') where.push(eq(t.status, status));

  const places: Partial<Record<'from' | 'to', Place>> = {};
  for (const side of ['from', 'to'] as const) {
    const countryFilter = filters[`${side}Country`];
    const city = filters[side];
    if (city) {
      const place = resolvePlace(city, countryFilter);
      if (!place) throw new AppError('VALIDATION_FAILED', { [side]: 'cityUnknown' });
      places[side] = place;
      where.push(eq(side === 'from' ? t.fromPlaceId : t.toPlaceId, place.id));
    } else if (countryFilter) {
      where.push(eq(side === 'from' ? t.fromCountry : t.toCountry, countryFilter));
    }
  }
  // A city and, on the other side, a country: the city's country is said too (a listing's country is
  // its city's), so that the index of the two countries serves them.
  if (places.from && !places.to && filters.toCountry) where.push(eq(t.fromCountry, places.from.country));
  if (places.to && !places.from && filters.fromCountry) where.push(eq(t.toCountry, places.to.country));
  if (filters.after) where.push(gte(t.startedAt, new Date(`${filters.after}T00:00:00Z`)));
  if (filters.before) where.push(lte(t.startedAt, new Date(`${filters.before}T23:59:59.999Z`)));
  if (filters.maxPrice !== undefined) where.push(lte(t.pricePerKg, filters.maxPrice));
  if (kind === 'package') {
    if (filters.minWeight !== undefined) where.push(gte(packages.weightKg, filters.minWeight));
    if (filters.maxWeight !== undefined) where.push(lte(packages.weightKg, filters.maxWeight));
  } else {
    if (filters.type) where.push(eq(travels.travelType, filters.type));
    if (filters.minWeight !== undefined) where.push(gte(travels.availableKg, filters.minWeight));
  }

  const sort = filters.sort ?? defaultSort;
  const sortColumn = sort === 'price' ? t.pricePerKg : sort === 'recent' ? t.createdAt : t.startedAt;
  const cursor = decodeCursor(filters.cursor);
  if (cursor) {
    let value: SQL;
    if (sort === 'price') {
      const price = Number(cursor.v);
      if (Number.isNaN(price)) throw new AppError('VALIDATION_FAILED', { cursor: 'cursorInvalid' });
      value = sql`${price}::numeric`;
    } else {
      const date = new Date(String(cursor.v));
      if (Number.isNaN(date.getTime())) throw new AppError('VALIDATION_FAILED', { cursor: 'cursorInvalid' });
      value = sql`${date.toISOString()}::timestamptz`;
    }
    where.push(
      sort === 'recent'
        ? sql`(${sortColumn}, ${t.id}) < (${value}, ${cursor.id})`
        : sql`(${sortColumn}, ${t.id}) > (${value}, ${cursor.id})`,
    );
  }

  const limit = filters.limit ?? listPageSize.default;
  return db
    .select(summaryColumns(kind))
    .from(t)
    .innerJoin(users, eq(users.id, t.ownerId))
    .where(and(...where))
    .orderBy(...(sort === 'recent' ? [desc(sortColumn), desc(t.id)] : [asc(sortColumn), asc(t.id)]))
    .limit(limit + 1);
}

/** One page of a list, with its filters (already parsed by listingFiltersSchema). */
export async function listListings(kind: ListingKind, filters: ListingFilters): Promise<ListingPage> {
  const limit = filters.limit ?? listPageSize.default;
  const rows = (await listQuery(await getDb(), kind, filters)) as Row[];
  const sort = filters.sort ?? defaultSort;
  const items = rows.slice(0, limit).map((row) => toSummary(kind, row));
  const last = rows.length > limit ? items.at(-1) : undefined;
  const nextCursor = last
    ? encodeCursor({
        v: sort === 'price' ? last.pricePerKg : sort === 'recent' ? last.createdAt : last.startedAt,
        id: last.id,
      })
    : null;
  return { items, nextCursor };
}

/** A listing as its page shows it; a hidden one (lib/server/moderation/) only to its owner's own calls. */
export async function getListing(kind: ListingKind, id: string, includeHidden = false): Promise<ListingDetail | null> {
  const t = table(kind);
  const db = await getDb();
  const [row] = (await db
    .select(summaryColumns(kind))
    .from(t)
    .innerJoin(users, eq(users.id, t.ownerId))
    .where(includeHidden ? eq(t.id, id) : and(eq(t.id, id), isNull(t.hidden)))) as Row[];
  if (!row) return null;
  const images =
    kind === 'package'
      ? await db
          .select({ key: packageImages.key, width: packageImages.width, height: packageImages.height })
          .from(packageImages)
          .where(eq(packageImages.packageId, id))
          .orderBy(asc(packageImages.position))
      : [];
  const [parcel] =
    kind === 'package'
      ? await db
          .select({ size: packages.size, contents: packages.contents, declaredAt: packages.prohibitedDeclaredAt })
          .from(packages)
          .where(eq(packages.id, id))
      : [];
  return {
    ...toSummary(kind, row),
    description: (row.description as string) ?? '',
    images,
    size: parcel?.size ?? null,
    contents: parcel?.contents ?? null,
    noProhibitedItems: Boolean(parcel?.declaredAt),
  };
}

/** Listings as lists show them, by kind and id (for proposals and conversations); missing ones are left out. */
export async function listingSummaries(
  refs: { kind: ListingKind; id: string }[],
  tx?: Pick<Tx, 'select'>,
): Promise<Map<string, ListingSummary>> {
  const db = tx ?? (await getDb());
  const found = new Map<string, ListingSummary>();
  for (const kind of listingKinds) {
    const ids = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
    if (!ids.length) continue;
    const t = table(kind);
    const rows = (await db
      .select(summaryColumns(kind))
      .from(t)
      .innerJoin(users, eq(users.id, t.ownerId))
      .where(inArray(t.id, ids))) as Row[];
    for (const row of rows) found.set(`${kind}:${row.id}`, toSummary(kind, row));
  }
  return found;
}

/** Who owns a listing, its status and currency: what a deal's rules read (null when it does not exist). */
export async function listingFacts(
  kind: ListingKind,
  id: string,
  tx?: Tx,
): Promise<{ ownerId: string; status: ListingStatus; currency: Currency; hidden: boolean } | null> {
  const t = table(kind);
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({
      ownerId: t.ownerId,
      status: t.status,
      currency: t.currency,
      hidden: sql<boolean>`${t.hidden} is not null`,
    })
    .from(t)
    .where(eq(t.id, id));
  return row ?? null;
}

/** Typical price per kilo (median) of a currency among listings touching a country. */
export async function typicalPrices(
  country: string,
): Promise<{ kind: ListingKind; currency: string; median: number; count: number }[]> {
  const db = await getDb();
  const result: { kind: ListingKind; currency: string; median: number; count: number }[] = [];
  for (const kind of listingKinds) {
    const t = table(kind);
    const rows = await db
      .select({
        currency: t.currency,
        median: sql<number>`percentile_cont(0.5) within group (order by ${t.pricePerKg})`,
        count: sql<number>`count(*)::int`,
      })
      .from(t)
      .where(or(eq(t.fromCountry, country), eq(t.toCountry, country)))
      .groupBy(t.currency)
      .having(sql`count(*) >= 3`)
      .orderBy(desc(sql`count(*)`));
    for (const row of rows)
      result.push({ kind, currency: row.currency, median: Number(row.median), count: Number(row.count) });
  }
  return result;
}

/** Every open listing, for the sitemap. */
export async function openListingIds(): Promise<{ kind: ListingKind; id: string; updatedAt: Date }[]> {
  const out: { kind: ListingKind; id: string; updatedAt: Date }[] = [];
  for (const kind of listingKinds) out.push(...(await indexedListings(kind, 0, Number.MAX_SAFE_INTEGER)));
  return out;
}

// Hidden listings (a moderator's decision, or a suspended owner) are in no list, the sitemap included.
function indexedWhere(kind: ListingKind) {
  const t = table(kind);
  return and(inArray(t.status, [...openStatuses, 'in_transit']), isNull(t.hidden));
}

/** How many listings of each kind the sitemap lists. */
export async function indexedListingCounts(): Promise<Record<ListingKind, number>> {
  const db = await getDb();
  const counts = {} as Record<ListingKind, number>;
  for (const kind of listingKinds) {
    const t = table(kind);
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t)
      .innerJoin(users, eq(users.id, t.ownerId))
      .where(indexedWhere(kind));
    counts[kind] = row?.count ?? 0;
  }
  return counts;
}

/** The sitemap's listings of a kind, `limit` of them from `offset`, in a stable order (by id). */
export async function indexedListings(
  kind: ListingKind,
  offset: number,
  limit: number,
): Promise<{ kind: ListingKind; id: string; updatedAt: Date }[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  const t = table(kind);
  const rows = await db
    .select({ id: t.id, updatedAt: t.updatedAt })
    .from(t)
    .innerJoin(users, eq(users.id, t.ownerId))
    .where(indexedWhere(kind))
    .orderBy(asc(t.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => ({ kind, ...r }));
}

/** Open listings as lists read them, with their owner (lib/server/listings/matches.ts builds on it). */
export function summarySelect(db: Db | Tx, kind: ListingKind) {
  const t = table(kind);
  return db.select(summaryColumns(kind)).from(t).innerJoin(users, eq(users.id, t.ownerId));
}

/** The rows of summarySelect as the lists' summaries. */
export function rowSummaries(kind: ListingKind, rows: unknown[]): ListingSummary[] {
  return (rows as Row[]).map((row) => toSummary(kind, row));
}
