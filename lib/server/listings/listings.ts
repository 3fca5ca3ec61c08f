import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { AppError } from '@/lib/errors';
import { findPlace, placeById, searchPlaces, type Place } from '@/lib/places';
import {
  dealStatuses,
  defaultSort,
  listingKinds,
  listPageSize,
  openStatuses,
  type Currency,
  type ListingKind,
  type ListingStatus,
  type TravelType,
} from '@/lib/domain';
import type {
  ListingDetail,
  ListingFilters,
  ListingPage,
  ListingSummary,
  PackageInput,
  TravelInput,
} from '@/lib/schemas/listings';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import {
  alertMatches,
  conversations,
  favourites,
  isOpenListing,
  packageImages,
  packages,
  proposals,
  travels,
  users,
} from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { listingDay } from '@/lib/listing-days';
import { publish } from '@/lib/server/events';
import { enqueue } from '@/lib/server/jobs/queue';
import { listingChangeTags, listingTags } from '@/lib/shared-cache.mjs';
import type { StoredFolder } from '@/lib/server/storage';

// Packages and travels: the marketplace's listings. Lists are keyset-paginated; every write
// revalidates the cache tags of the pages that show the listing.

export { listingTags };

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

// ---------------------------------------------------------------- writes

function newId(): string {
  return randomBytes(12).toString('base64url');
}

/** The gazetteer place of an address; VALIDATION_FAILED on `from.city` or `to.city` when there is none. */
function addressPlace(side: 'from' | 'to', input: { city: string; country?: string; placeId?: number }): Place {
  const place = input.placeId === undefined ? resolvePlace(input.city, input.country) : placeById(input.placeId);
  if (!place) throw new AppError('VALIDATION_FAILED', { [`${side}.city`]: 'addressNotFound' });
  return place;
}

/** Expires the cache tags of a listing's pages in this instance's Next cache (a no-op outside a Next request). */
export function expireListingPages(kind: ListingKind, id: string) {
  expireTags(listingChangeTags(kind, id));
}

/** Expires every listing page and cached listing read of this instance's Next cache (they all carry `listings`). */
export function expireAllListingPages() {
  expireTags([listingTags.all]);
}

function expireTags(tags: string[]) {
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch {
      // outside a Next request (scripts, tests): there is no page cache to clear
    }
  }
}

/** A listing changed: its pages expire here, and the server (and the other instances) are told. */
export async function invalidateListing(kind: ListingKind, id: string): Promise<void> {
  expireListingPages(kind, id);
  await publish('listings-changed', { kind, id });
}

/** Active from its departure day (in Tunisia), upcoming before: as the lifecycle sweep moves them. */
function initialStatus(startedAt: Date): ListingStatus {
  return listingDay(startedAt) <= listingDay(now()) ? 'active' : 'upcoming';
}

/**
 * Dates a listing may take: departure not before today in Tunisia, arrival not before departure. On
 * an edit, a date left as it was stays allowed (an active trip keeps its departure of yesterday).
 */
function assertDates(input: { startedAt: Date; endedAt: Date }, stored?: { startedAt: Date; endedAt: Date }) {
  const today = listingDay(now());
  const fields: Record<string, string> = {};
  const same = (a: Date, b?: Date) => b !== undefined && a.getTime() === b.getTime();
  if (!same(input.startedAt, stored?.startedAt) && listingDay(input.startedAt) < today) fields.startedAt = 'dateInPast';
  if (!same(input.endedAt, stored?.endedAt) && listingDay(input.endedAt) < today) fields.endedAt = 'dateInPast';
  else if (input.endedAt.getTime() <= input.startedAt.getTime()) fields.endedAt = 'departureBeforeArrival';
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}

/** Locks a listing's row in `tx`: `share` while a deal is made on it, `update` to change or delete it. */
export async function lockListing(tx: Tx, kind: ListingKind, id: string, mode: 'share' | 'update'): Promise<void> {
  const t = table(kind);
  await tx.execute(sql`select 1 from ${t} where ${t.id} = ${id} for ${sql.raw(mode === 'share' ? 'share' : 'update')}`);
}

/** Whether a listing has a deal (accepted, in transit or delivered): among `statuses` of them if given. */
async function hasDeal(
  tx: Tx,
  kind: ListingKind,
  id: string,
  statuses: readonly (typeof dealStatuses)[number][] = dealStatuses,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(
        eq(kind === 'package' ? proposals.packageId : proposals.travelId, id),
        inArray(proposals.status, [...statuses]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

function listingValues(kind: ListingKind, input: PackageInput | TravelInput) {
  const from = addressPlace('from', input.from);
  const to = addressPlace('to', input.to);
  const common = {
    fromCity: from.names.fr,
    fromCountry: from.country,
    fromPlaceId: from.id,
    fromLat: from.lat,
    fromLng: from.lng,
    toCity: to.names.fr,
    toCountry: to.country,
    toPlaceId: to.id,
    toLat: to.lat,
    toLng: to.lng,
    startedAt: input.startedAt,
    endedAt: input.endedAt,
    pricePerKg: input.pricePerKg,
    currency: input.currency,
    description: input.description,
  };
  if (kind === 'package') {
    const p = input as PackageInput;
    // Fields the mobile app may not send: left as they are on an update (drizzle skips undefined).
    return {
      ...common,
      name: p.name,
      weightKg: p.weightKg,
      size: p.size,
      contents: p.contents,
      prohibitedDeclaredAt: p.noProhibitedItems ? new Date() : undefined,
    };
  }
  const tr = input as TravelInput;
  return { ...common, travelType: tr.travelType, availableKg: tr.availableKg ?? null };
}

export async function createListing(
  kind: ListingKind,
  ownerId: string,
  input: PackageInput | TravelInput,
): Promise<ListingDetail> {
  assertDates(input);
  const id = newId();
  const db = await getDb();
  const values = { id, ownerId, status: initialStatus(input.startedAt), ...listingValues(kind, input) };
  await db.transaction(async (tx) => {
    await tx.insert(table(kind)).values(values);
    // Route alerts are matched by a job, off the write's path (lib/server/public/alerts.ts).
    await enqueue(tx, 'alert-match', { kind, id });
  });
  await invalidateListing(kind, id);
  return (await getListing(kind, id, true))!;
}

/** NOT_FOUND for a missing listing, FORBIDDEN for someone else's. */
export async function assertOwner(kind: ListingKind, id: string, userId: string) {
  const t = table(kind);
  const db = await getDb();
  const [row] = await db.select({ ownerId: t.ownerId }).from(t).where(eq(t.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.ownerId !== userId) throw new AppError('FORBIDDEN');
}

/**
 * An owner's edit. Under a deal (accepted, in transit or delivered) the route and the dates stay as
 * agreed (LISTING_HAS_DEAL); the rest may change.
 */
export async function updateListing(
  kind: ListingKind,
  id: string,
  userId: string,
  input: PackageInput | TravelInput,
): Promise<ListingDetail> {
  const t = table(kind);
  const db = await getDb();
  const values = listingValues(kind, input);
  await db.transaction(async (tx) => {
    await lockListing(tx, kind, id, 'update');
    const [row] = await tx
      .select({
        ownerId: t.ownerId,
        startedAt: t.startedAt,
        endedAt: t.endedAt,
        fromPlaceId: t.fromPlaceId,
        toPlaceId: t.toPlaceId,
      })
      .from(t)
      .where(eq(t.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    if (row.ownerId !== userId) throw new AppError('FORBIDDEN');
    assertDates(input, row);
    const moved =
      row.fromPlaceId !== values.fromPlaceId ||
      row.toPlaceId !== values.toPlaceId ||
      row.startedAt.getTime() !== input.startedAt.getTime() ||
      row.endedAt.getTime() !== input.endedAt.getTime();
    if (moved && (await hasDeal(tx, kind, id))) throw new AppError('LISTING_HAS_DEAL');
    await tx.update(t).set(values).where(eq(t.id, id));
  });
  await invalidateListing(kind, id);
  return (await getListing(kind, id, true))!;
}

/**
 * The status changes a listing's owner may make (POST /{packages|travels}/{id}/status), in one place
 * (docs/architecture.md "Listing states"); the API refuses any other, and mes-colis and mes-trajets show these
 * buttons only. A package goes in transit and is delivered by its deal's handover codes
 * (setStatusInDeal), never by hand; a trip's owner says when it left and when it arrived.
 */
export const listingTransitions = {
  package: {
    upcoming: ['active', 'expired'],
    active: ['expired'],
    in_transit: [],
    finished: [],
    expired: ['active'],
  },
  travel: {
    upcoming: ['active', 'in_transit', 'expired'],
    active: ['in_transit', 'expired'],
    in_transit: ['finished'],
    finished: [],
    expired: ['active'],
  },
} as const satisfies Record<ListingKind, Record<ListingStatus, readonly ListingStatus[]>>;

/** The statuses a listing may go to now: reopening (expired to active) needs its arrival date ahead. */
export function statusChanges(
  kind: ListingKind,
  listing: { status: ListingStatus; endedAt: Date | string },
  at = now(),
): ListingStatus[] {
  const ahead = new Date(listing.endedAt).getTime() > at.getTime();
  const changes: readonly ListingStatus[] = listingTransitions[kind][listing.status];
  return listing.status === 'expired' && !ahead ? [] : [...changes];
}

export async function setListingStatus(
  kind: ListingKind,
  id: string,
  userId: string,
  status: ListingStatus,
): Promise<ListingDetail> {
  const t = table(kind);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ownerId: t.ownerId, status: t.status, endedAt: t.endedAt })
      .from(t)
      .where(eq(t.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.ownerId !== userId) throw new AppError('FORBIDDEN');
    if (!statusChanges(kind, row).includes(status)) throw new AppError('LISTING_STATUS_NOT_ALLOWED');
    // A deal waiting for its pickup or delivery is closed by its codes, not by hand.
    if (status === 'expired' && (await hasDeal(tx, kind, id, ['accepted', 'in_transit'])))
      throw new AppError('LISTING_HAS_DEAL');
    await tx.update(t).set({ status }).where(eq(t.id, id));
  });
  await invalidateListing(kind, id);
  return (await getListing(kind, id, true))!;
}

/**
 * A package's status moved by its deal (in transit at the pickup, finished at the delivery), in the
 * deal's transaction; the caller invalidates the listing once it commits.
 */
export async function setStatusInDeal(tx: Tx, kind: ListingKind, id: string, status: ListingStatus): Promise<void> {
  const t = table(kind);
  await tx.update(t).set({ status }).where(eq(t.id, id));
}

/** Where a package's photos are stored (./images.ts). */
export function packageImageFolder(id: string): string {
  return `packages/${id}`;
}

/**
 * The stored files of listings about to be deleted, read in the deleting transaction after their rows
 * are locked (so no conversation can be opened on them meanwhile): a package's photos, and the photos
 * sent in the listings' conversations, which go with them (cascade).
 */
export async function listingFolders(tx: Tx, listings: { kind: ListingKind; id: string }[]): Promise<StoredFolder[]> {
  const folders: StoredFolder[] = [];
  for (const kind of listingKinds) {
    const ids = listings.filter((l) => l.kind === kind).map((l) => l.id);
    if (!ids.length) continue;
    if (kind === 'package')
      folders.push(...ids.map((id) => ({ area: 'public' as const, folder: packageImageFolder(id) })));
    const talks = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(inArray(kind === 'package' ? conversations.packageId : conversations.travelId, ids));
    folders.push(...talks.map((talk) => ({ area: 'private' as const, folder: conversationImageFolder(talk.id) })));
  }
  return folders;
}

/**
 * Deletes a listing, its rows that refer to it (cascade, and its favourites and alert matches) and its
 * photos; never one with a deal (LISTING_HAS_DEAL).
 */
export async function deleteListing(kind: ListingKind, id: string, userId: string): Promise<void> {
  await assertOwner(kind, id, userId);
  const t = table(kind);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockListing(tx, kind, id, 'update');
    // The other side's deal, conversation and right to rate would go with it.
    if (await hasDeal(tx, kind, id)) throw new AppError('LISTING_HAS_DEAL');
    const folders = await listingFolders(tx, [{ kind, id }]);
    await tx.delete(favourites).where(and(eq(favourites.kind, kind), eq(favourites.listingId, id)));
    await tx.delete(alertMatches).where(and(eq(alertMatches.kind, kind), eq(alertMatches.listingId, id)));
    await tx.delete(t).where(eq(t.id, id));
    if (folders.length) await enqueue(tx, 'remove-files', { folders });
  });
  await invalidateListing(kind, id);
}

/** Where the photos sent in a conversation are stored (private files, lib/server/deals/messaging.ts). */
export function conversationImageFolder(conversationId: string): string {
  return `messages/${conversationId}`;
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
