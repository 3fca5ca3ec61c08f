import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { trafficRules, type ListingKind } from '@/lib/domain';
import { listingDay } from '@/lib/listing-days';
import { getDb } from '@/lib/server/db/client';
import { listingViewDays } from '@/lib/server/db/schema';
import { daysBefore } from './rollup';

// What a listing's owner sees of its visits (mes-colis, mes-trajets, GET /me/listings): its views of all
// time and of the last `recentDays`, and the clicks on its share links, counted as the page events are
// written (lib/server/traffic/writer.ts), so within seconds of the visit.

export type ListingViews = { views: number; recentViews: number; shareClicks: number };

export async function listingViews(
  kind: ListingKind,
  ids: string[],
  now = new Date(),
): Promise<Map<string, ListingViews>> {
  if (!ids.length) return new Map();
  const since = daysBefore(listingDay(now), trafficRules.recentDays - 1);
  const db = await getDb();
  const rows = await db
    .select({
      id: listingViewDays.listingId,
      views: sql<number>`sum(${listingViewDays.views})::int`,
      recentViews: sql<number>`coalesce(sum(${listingViewDays.views}) filter (where ${listingViewDays.day} >= ${since}::date), 0)::int`,
      shareClicks: sql<number>`sum(${listingViewDays.shares})::int`,
    })
    .from(listingViewDays)
    .where(and(eq(listingViewDays.kind, kind), inArray(listingViewDays.listingId, ids)))
    .groupBy(listingViewDays.listingId);
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
}
