import 'server-only';
import { sql } from 'drizzle-orm';
import { beforeCloseDb, getDb } from '@/lib/server/db/client';
import type { pageEvents } from '@/lib/server/db/schema';
import { onDrain } from '@/lib/server/lifecycle.mjs';
import { logger } from '@/lib/server/log.mjs';
import { processShared } from '@/lib/server/process-shared.mjs';

// Page events are written in batches: a beacon only adds its row to the instance's buffer (no query in
// its answer), and the writer inserts what waits once a second, or at once past `batchMax` rows, in one
// transaction with the views and share clicks it adds to each listing's day (what the owner sees, within
// seconds). While the database is down the rows wait, up to `bufferMax` (the oldest go first). A
// draining instance writes what is left. An instance that dies loses its last second of counts: they are
// statistics, not records. A batch is at most `batchMax` rows, one statement over the batch as JSON: on
// PGlite, which runs in the server's own thread, a batch holds the event loop while it is written (on
// this machine about 5 ms for 200 rows, 15 ms for 500; the same 500 rows as a statement of one parameter
// per value took 110 to 160 ms), and the beacons that come meanwhile wait.

export type PageEventRow = Omit<typeof pageEvents.$inferInsert, 'id'>;

type Writer = { rows: PageEventRow[]; timer?: ReturnType<typeof setTimeout>; flushing?: Promise<unknown> };

const flushMs = 1000;
const batchMax = 200;
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

// The columns of an event as the batch's JSON names them (json_to_recordset), with their types.
const eventColumns = {
  at: 'timestamptz',
  day: 'date',
  type: 'text',
  template: 'text',
  path: 'text',
  locale: 'text',
  listing_kind: 'listing_kind',
  listing_id: 'text',
  referrer: 'text',
  utm_source: 'text',
  utm_medium: 'text',
  utm_campaign: 'text',
  device: 'text',
  visitor: 'text',
  lcp: 'real',
  inp: 'real',
  cls: 'real',
  ttfb: 'real',
  network: 'text',
} as const;
const eventNames = Object.keys(eventColumns).filter((name) => name !== 'at');
const eventInsert = sql.raw(
  `insert into page_events (at, ${eventNames.join(', ')}) select coalesce(r.at, now()), ${eventNames.map((n) => `r.${n}`).join(', ')}`,
);
const eventRecord = sql.raw(
  Object.entries(eventColumns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', '),
);

/**
 * One batch: its events, and the views and shares of the listings they name (only listings that exist).
 * Each is one statement over the batch as JSON (json_to_recordset): one parameter, parsed by the
 * database, rather than a statement of thousands of parameters built in JavaScript.
 */
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
  const events = JSON.stringify(
    rows.map((row) => ({
      at: row.at ?? null,
      day: row.day,
      type: row.type,
      template: row.template,
      path: row.path,
      locale: row.locale,
      listing_kind: row.listingKind ?? null,
      listing_id: row.listingId ?? null,
      referrer: row.referrer ?? null,
      utm_source: row.utmSource ?? null,
      utm_medium: row.utmMedium ?? null,
      utm_campaign: row.utmCampaign ?? null,
      device: row.device,
      visitor: row.visitor ?? null,
      lcp: row.lcp ?? null,
      inp: row.inp ?? null,
      cls: row.cls ?? null,
      ttfb: row.ttfb ?? null,
      network: row.network ?? null,
    })),
  );
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`${eventInsert} from json_to_recordset(${events}::json) as r(${eventRecord})`);
    if (!perListing.size) return;
    await tx.execute(sql`
      insert into listing_view_days (kind, listing_id, day, views, shares)
      select v.kind, v.id, v.day, v.views, v.shares
      from json_to_recordset(${JSON.stringify([...perListing.values()])}::json)
        as v(kind listing_kind, id text, day date, views int, shares int)
      where (v.kind = 'package' and exists (select 1 from packages p where p.id = v.id))
         or (v.kind = 'travel' and exists (select 1 from travels t where t.id = v.id))
      on conflict (kind, listing_id, day) do update
        set views = listing_view_days.views + excluded.views, shares = listing_view_days.shares + excluded.shares`);
  });
}
