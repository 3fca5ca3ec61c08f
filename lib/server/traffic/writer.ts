import 'server-only';
import { sql } from 'drizzle-orm';
import { beforeCloseDb, getDb } from '@/lib/server/db/client';
import { pageEvents } from '@/lib/server/db/schema';
import { onDrain } from '@/lib/server/lifecycle.mjs';
import { logger } from '@/lib/server/log.mjs';
import { processShared } from '@/lib/server/process-shared.mjs';

// Page events are written in batches: a beacon only adds its row to the instance's buffer (no query in
// its answer), and the writer inserts what waits once a second, or at once past `batchMax` rows, in one
// transaction with the views and share clicks it adds to each listing's day (what the owner sees, within
// seconds). While the database is down the rows wait, up to `bufferMax` (the oldest go first). A
// draining instance writes what is left. An instance that dies loses its last second of counts: they are
// statistics, not records.

export type PageEventRow = typeof pageEvents.$inferInsert;

type Writer = { rows: PageEventRow[]; timer?: ReturnType<typeof setTimeout>; flushing?: Promise<unknown> };

const flushMs = 1000;
const batchMax = 500;
const bufferMax = 20_000;

function writer(): Writer {
  return processShared('page-event-writer', () => {
    onDrain('page-events', stopWriter);
    return { rows: [] };
  });
}

/** Takes a row to write with the next batch. */
export function addPageEvent(row: PageEventRow): void {
  const current = writer();
  if (current.rows.length >= bufferMax) current.rows.shift();
  current.rows.push(row);
  if (current.rows.length >= batchMax) void flushPageEvents();
  else schedule(current);
}

function schedule(current: Writer) {
  if (current.timer) return;
  current.timer = setTimeout(() => {
    current.timer = undefined;
    void flushPageEvents();
  }, flushMs);
  current.timer.unref?.();
  beforeCloseDb(stopWriter);
}

/** Writes every row waiting (one batch at a time); answers how many were written. */
export async function flushPageEvents(): Promise<number> {
  const current = writer();
  while (current.flushing) await current.flushing;
  if (!current.rows.length) return 0;
  const rows = current.rows.splice(0, current.rows.length);
  let written = 0;
  current.flushing = (async () => {
    try {
      for (let at = 0; at < rows.length; at += batchMax) {
        await write(rows.slice(at, at + batchMax));
        written = at + Math.min(batchMax, rows.length - at);
      }
    } catch (error) {
      const left = rows.slice(written);
      logger().warn({ err: error, rows: left.length }, 'page events not written yet');
      current.rows.unshift(...left.slice(Math.max(0, left.length + current.rows.length - bufferMax)));
      schedule(current);
    }
  })();
  try {
    await current.flushing;
  } finally {
    current.flushing = undefined;
  }
  return written;
}

/** Stops the timer and writes what is left (the drain, and before the database closes). */
async function stopWriter(): Promise<void> {
  const current = writer();
  if (current.timer) clearTimeout(current.timer);
  current.timer = undefined;
  await flushPageEvents();
}

/** One batch: its events, and the views and shares of the listings they name (only listings that exist). */
async function write(rows: PageEventRow[]): Promise<void> {
  const perListing = new Map<string, { kind: string; id: string; day: string; views: number; shares: number }>();
  for (const row of rows) {
    if (!row.listingKind || !row.listingId || row.type === 'vitals') continue;
    const key = `${row.listingKind}:${row.listingId}:${row.day}`;
    const entry = perListing.get(key) ?? {
      kind: row.listingKind,
      id: row.listingId,
      day: row.day,
      views: 0,
      shares: 0,
    };
    if (row.type === 'view') entry.views += 1;
    else entry.shares += 1;
    perListing.set(key, entry);
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(pageEvents).values(rows);
    if (!perListing.size) return;
    const values = sql.join(
      [...perListing.values()].map(
        (v) => sql`(${v.kind}::listing_kind, ${v.id}::text, ${v.day}::date, ${v.views}::int, ${v.shares}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into listing_view_days (kind, listing_id, day, views, shares)
      select v.kind, v.id, v.day, v.views, v.shares
      from (values ${values}) as v(kind, id, day, views, shares)
      where (v.kind = 'package' and exists (select 1 from packages p where p.id = v.id))
         or (v.kind = 'travel' and exists (select 1 from travels t where t.id = v.id))
      on conflict (kind, listing_id, day) do update
        set views = listing_view_days.views + excluded.views, shares = listing_view_days.shares + excluded.shares`);
  });
}
