import 'server-only';
import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import { otherKind, type ListingKind } from '@/lib/domain';
import type { ListingFilters, ListingSummary } from '@/lib/schemas/listings';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { isOpenListing } from '@/lib/server/db/schema';
import { listingTable, rowSummaries, summarySelect } from './listings';

// Matches: the trips on a parcel's route around its dates, and the parcels on a trip's. "On its route"
// is the same two countries (a city's country is its listing's): the same two cities come first,
// then the rest of the corridor (Lyon → Sfax beside Paris → Tunis), nearest departure first.

export const matchLimits = {
  /** Cards shown on a listing's page. */
  count: 6,
  /** Departures this many days either side of the listing's own. */
  windowDays: 14,
} as const;

/** What a listing's matches are computed from (a ListingSummary has it). */
export type MatchSource = Pick<ListingSummary, 'kind' | 'id' | 'from' | 'to' | 'startedAt'> & {
  owner: { id: string };
};

const dayMs = 86_400_000;

/** The departure window around a listing's, as the list filters' days (`after`, `before`). */
export function matchWindow(startedAt: string): { after: string; before: string } {
  const at = new Date(startedAt).getTime();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { after: day(at - matchLimits.windowDays * dayMs), before: day(at + matchLimits.windowDays * dayMs) };
}

/**
 * One query on the other kind's open listings: the partial index on (from country, to country,
 * departure) reads the window as a range; the few rows in it are ordered (same cities, then distance
 * in time) and cut. The owner's own listings are left out: they know them.
 */
export function matchQuery(db: Db | Tx, source: MatchSource, limit: number = matchLimits.count) {
  const kind = otherKind(source.kind);
  const t = listingTable(kind);
  const at = new Date(source.startedAt);
  const window = matchLimits.windowDays * dayMs;
  const sameCities =
    source.from.placeId !== null && source.to.placeId !== null
      ? sql`(${t.fromPlaceId} = ${source.from.placeId} and ${t.toPlaceId} = ${source.to.placeId})`
      : sql`false`;
  return summarySelect(db, kind)
    .where(
      and(
        isOpenListing(t.status),
        isNull(t.hidden),
        eq(t.fromCountry, source.from.country),
        eq(t.toCountry, source.to.country),
        gte(t.startedAt, new Date(at.getTime() - window)),
        lte(t.startedAt, new Date(at.getTime() + window)),
        ne(t.ownerId, source.owner.id),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${sameCities}, false)`),
      asc(sql`abs(extract(epoch from ${t.startedAt} - ${at.toISOString()}::timestamptz))`),
      asc(t.startedAt),
      asc(t.id),
    )
    .limit(limit);
}

export type ListingMatches = {
  kind: ListingKind;
  items: (ListingSummary & { sameCities: boolean })[];
  /** The filters of the whole list these come from (the two countries, the window). */
  filters: Pick<ListingFilters, 'fromCountry' | 'toCountry' | 'after' | 'before'>;
};

/** A listing's matches, for its page (read through lib/server/public/cached.ts). */
export async function listingMatches(source: MatchSource): Promise<ListingMatches> {
  const kind = otherKind(source.kind);
  const items = rowSummaries(kind, await matchQuery(await getDb(), source)).map((item) => ({
    ...item,
    sameCities:
      source.from.placeId !== null &&
      item.from.placeId === source.from.placeId &&
      item.to.placeId === source.to.placeId,
  }));
  return {
    kind,
    items,
    filters: { fromCountry: source.from.country, toCountry: source.to.country, ...matchWindow(source.startedAt) },
  };
}
