import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { isOpenStatus, type ListingKind } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import type { Favourite } from '@/lib/schemas/member';
import { getDb } from '@/lib/server/db/client';
import { favourites } from '@/lib/server/db/schema';
import { hit } from '@/lib/server/limits';
import { listingFacts, listingSummaries } from '@/lib/server/listings/listings';

// Favourites (mes-favoris, the heart on cards and detail pages): a member saves listings, their own
// included. A listing that ends stays in the list, shown as ended; a deleted one leaves it
// (lib/server/listings/listings.ts deleteListing removes its favourites).

/** At most this many favourites are listed (newest first). */
const listMax = 500;

/** GET /favourites: newest first, with each listing as lists show it. */
export async function listFavourites(userId: string): Promise<{ items: Favourite[] }> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt))
    .limit(listMax);
  const listings = await listingSummaries(rows.map((r) => ({ kind: r.kind, id: r.listingId })));
  return {
    items: rows.flatMap((row) => {
      const listing = listings.get(`${row.kind}:${row.listingId}`);
      return listing
        ? [
            {
              kind: row.kind,
              id: row.listingId,
              savedAt: row.createdAt.toISOString(),
              listing,
              ended: !isOpenStatus(listing.status),
            },
          ]
        : [];
    }),
  };
}

/** GET /favourites/ids: what the hearts of a page need. */
export async function favouriteIds(userId: string): Promise<{ items: { kind: ListingKind; id: string }[] }> {
  const db = await getDb();
  const rows = await db
    .select({ kind: favourites.kind, id: favourites.listingId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt))
    .limit(listMax);
  return { items: rows };
}

/** PUT /{packages|travels}/{id}/favourite: saved (again: nothing changes). */
export async function saveFavourite(userId: string, kind: ListingKind, listingId: string): Promise<{ saved: true }> {
  if (!(await listingFacts(kind, listingId))) throw new AppError('NOT_FOUND');
  await hit('favouriteWritesPerUser', userId);
  const db = await getDb();
  await db.insert(favourites).values({ userId, kind, listingId }).onConflictDoNothing();
  return { saved: true };
}

/** DELETE /{packages|travels}/{id}/favourite: no longer saved (already not: nothing changes). */
export async function removeFavourite(userId: string, kind: ListingKind, listingId: string): Promise<{ saved: false }> {
  await hit('favouriteWritesPerUser', userId);
  const db = await getDb();
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.kind, kind), eq(favourites.listingId, listingId)));
  return { saved: false };
}
