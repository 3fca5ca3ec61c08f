import 'server-only';
import { and, lt, sql } from 'drizzle-orm';
import { trafficRules } from '@/lib/domain';
import { listingDay } from '@/lib/listing-days';
import { getDb, rowsOf } from '@/lib/server/db/client';
import { pageEvents } from '@/lib/server/db/schema';
import { z } from '@/lib/zod';
import { dailyFacts, dailyTotals, vitalsPercentiles } from './facts';
import { forgetSalts } from './visitors';

// The daily roll-up (the `traffic-rollup` job, every hour): each day that is over and not rolled up yet
// gets its figures written for good (visitors, views, each dimension's values, the Web Vitals'
// percentiles), in one transaction; then events older than `keepEventsDays` of rolled-up days go, the
// salts of past days go (no hash of theirs can be made again), and the counts of deleted listings go.

/** The day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

export type RollupOutcome = { rolledUp: string[]; eventsDeleted: number; saltsDeleted: number };

export async function rollUpTraffic(now = new Date()): Promise<RollupOutcome> {
  const today = listingDay(now);
  const db = await getDb();
  const pending = rowsOf(
    await db.execute(sql`
      select distinct day::text as day from page_events
      where day < ${today}::date and day not in (select day from traffic_days)
      order by day`),
    z.object({ day: z.string() }),
  ).map((row) => row.day);
  for (const day of pending) {
    const only = sql`day = ${day}::date`;
    await db.transaction(async (tx) => {
      const inserted = rowsOf(
        await tx.execute(sql`
          insert into traffic_days (day, visitors, views)
          select ${day}::date, coalesce(sum(visitors), 0), coalesce(sum(views), 0) from (${dailyTotals(only)}) t
          on conflict (day) do nothing
          returning day`),
        z.object({ day: z.unknown() }),
      );
      // Another instance's job rolled it up meanwhile.
      if (!inserted.length) return;
      await tx.execute(sql`
        insert into traffic_day_facts (day, dimension, value, visitors, views)
        select day::date, dimension, value, visitors, views from (${dailyFacts(only)}) f`);
      await tx.execute(sql`
        insert into vitals_days (day, template, device, metric, p75, samples)
        select day::date, template, device, metric, p75, samples from (${vitalsPercentiles(only, true)}) v
        cross join lateral (values ('lcp', v.lcp), ('inp', v.inp), ('cls', v.cls), ('ttfb', v.ttfb)) m(metric, p75)
        where m.p75 is not null`);
    });
  }
  const keepFrom = daysBefore(today, trafficRules.keepEventsDays);
  const [deleted] = rowsOf(
    await db.execute(sql`
      with gone as (
        delete from ${pageEvents}
        where ${and(lt(pageEvents.day, keepFrom), sql`${pageEvents.day} in (select day from traffic_days)`)}
        returning 1)
      select count(*)::int as n from gone`),
    z.object({ n: z.number() }),
  );
  await db.execute(sql`
    delete from listing_view_days d
    where not exists (select 1 from packages p where d.kind = 'package' and p.id = d.listing_id)
      and not exists (select 1 from travels t where d.kind = 'travel' and t.id = d.listing_id)`);
  return { rolledUp: pending, eventsDeleted: deleted?.n ?? 0, saltsDeleted: await forgetSalts(today) };
}
