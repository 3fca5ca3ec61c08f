import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { AppError } from '@/lib/errors';
import { placeById, type Place } from '@/lib/places';
import { dealStatuses, listingKinds, type ListingKind, type ListingStatus } from '@/lib/domain';
import type { ListingDetail, PackageInput, TravelInput } from '@/lib/schemas/listings';
import { getDb, type Tx } from '@/lib/server/db/client';
import { alertMatches, conversations, favourites, proposals } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { listingDay } from '@/lib/listing-days';
import { publish } from '@/lib/server/events';
import { enqueue } from '@/lib/server/jobs/queue';
import { listingChangeTags, listingTags } from '@/lib/shared-cache.mjs';
import type { StoredFolder } from '@/lib/server/storage';
import { getListing, listingTable as table, resolvePlace } from './read';

// Packages and travels: the marketplace's listings. This module is their face: the writes are here
// (every write revalidates the cache tags of the pages that show the listing), the reads in ./read.ts.

export { listingTags };
export {
  getListing,
  indexedListingCounts,
  indexedListings,
  listingFacts,
  listingSummaries,
  listingTable,
  listListings,
  listQuery,
  openListingIds,
  placeColumns,
  resolvePlace,
  rowSummaries,
  summarySelect,
  typicalPrices,
} from './read';

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
