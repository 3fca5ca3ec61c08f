import 'server-only';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { listingKinds, type ListingKind } from '@/lib/domain';
import { siteUrl } from '@/lib/env';
import { cityName } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { dayStart, listingDay, nextDay } from '@/lib/listing-days';
import { duplicatePath } from '@/lib/routes';
import { userLocale } from '@/lib/server/auth/auth';
import { now } from '@/lib/server/clock';
import type { Tx } from '@/lib/server/db/client';
import { isOpenListing, users } from '@/lib/server/db/schema';
import { declinePendingOfExpired } from '@/lib/server/deals/proposals';
import { liveTransaction } from '@/lib/server/events/live';
import { enqueue, jobId } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';
import { invalidateListing, listingTable, placeColumns } from './listings';

// Listings follow their dates, by calendar days of Tunisia (the `listing-lifecycle` job, every few
// minutes): upcoming becomes active on its departure day; upcoming or active becomes expired once its
// arrival day has passed. An expiry declines the listing's pending proposals (each proposer told) and
// sends its owner one e-mail offering to publish it again. Each row moves in one UPDATE ... WHERE
// status ... RETURNING: among several workers, the one whose UPDATE moved it does what follows.

/** Listings moved in one transaction (a large backlog goes in several). */
const batchSize = 100;

export type LifecycleRun = { activated: number; expired: number; declined: number };

export async function runListingLifecycle(): Promise<LifecycleRun> {
  const today = listingDay(now());
  const todayStarts = dayStart(today);
  const tomorrowStarts = dayStart(nextDay(today));
  const run: LifecycleRun = { activated: 0, expired: 0, declined: 0 };
  for (const kind of listingKinds) {
    for (;;) {
      const moved = await expireBatch(kind, todayStarts);
      run.expired += moved.ids.length;
      run.declined += moved.declined;
      for (const id of moved.ids) await invalidateListing(kind, id);
      if (moved.ids.length < batchSize) break;
    }
    for (;;) {
      const ids = await activateBatch(kind, tomorrowStarts);
      run.activated += ids.length;
      for (const id of ids) await invalidateListing(kind, id);
      if (ids.length < batchSize) break;
    }
  }
  return run;
}

/** Open listings whose arrival day ended before today starts: expired, with what follows. */
function expireBatch(kind: ListingKind, todayStarts: Date) {
  const t = listingTable(kind);
  return liveTransaction(async (tx, live) => {
    // SKIP LOCKED: workers running the sweep at once take different rows.
    const due = tx
      .select({ id: t.id })
      .from(t)
      .where(and(isOpenListing(t.status), lt(t.endedAt, todayStarts)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(t)
      .set({ status: 'expired' })
      .where(and(inArray(t.id, due), isOpenListing(t.status)))
      .returning({ id: t.id, ownerId: t.ownerId, endedAt: t.endedAt, ...placeColumns(t) });
    let declined = 0;
    for (const row of rows) {
      declined += await declinePendingOfExpired(tx, live, kind, row);
      await tellOwner(tx, kind, row);
    }
    return { ids: rows.map((r) => r.id), declined };
  });
}

/** Upcoming listings whose departure day has come: active. */
async function activateBatch(kind: ListingKind, tomorrowStarts: Date): Promise<string[]> {
  const t = listingTable(kind);
  return liveTransaction(async (tx) => {
    const due = tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, 'upcoming'), lt(t.startedAt, tomorrowStarts)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(t)
      .set({ status: 'active' })
      .where(and(inArray(t.id, due), eq(t.status, 'upcoming')))
      .returning({ id: t.id });
    return rows.map((r) => r.id);
  });
}

/**
 * The owner's one e-mail about an expiry, offering to publish the listing again (a copy with new
 * dates). Its job id is the listing and its arrival date: a rerun enqueues nothing new.
 */
async function tellOwner(
  tx: Tx,
  kind: ListingKind,
  listing: {
    id: string;
    ownerId: string;
    endedAt: Date;
    fromCity: string;
    fromPlaceId: number | null;
    toCity: string;
    toPlaceId: number | null;
  },
) {
  const [owner] = await tx.select().from(users).where(eq(users.id, listing.ownerId));
  if (!owner) return;
  const locale = userLocale(owner);
  const t = translator(locale, 'Emails');
  const route = `${cityName({ city: listing.fromCity, placeId: listing.fromPlaceId }, locale)} → ${cityName(
    { city: listing.toCity, placeId: listing.toPlaceId },
    locale,
  )}`;
  await enqueue(
    tx,
    'mail',
    {
      to: owner.email,
      subject: t('listingExpiredSubject', { route }),
      text: t('listingExpiredText', {
        firstname: owner.firstname,
        route,
        url: siteUrl + localPath(locale, duplicatePath({ kind, id: listing.id })),
      }),
      notice: true,
    },
    { id: jobId('listing-expired', kind, listing.id, listing.endedAt.toISOString()) },
  );
}
