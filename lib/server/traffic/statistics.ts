import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { listingKinds, trafficDimensions, trafficRules, type TrafficDimension } from '@/lib/domain';
import { cityName } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import { dayStart, listingDay } from '@/lib/listing-days';
import type { Statistics, StatisticsQuery } from '@/lib/schemas/traffic';
import { getDb, rowsOf } from '@/lib/server/db/client';
import { listingSummaries } from '@/lib/server/listings/listings';
import { z } from '@/lib/zod';
import { dailyFacts, dailyTotals, vitalsPercentiles } from './facts';
import { daysBefore } from './rollup';

// What staff read on /{lang}/statistiques (GET /statistics): a range of days, from the roll-ups of the
// days that are over and from the events of the others (today), so a visit shows at once.

/** The range asked, within its bounds: the last `defaultDays` by default, at most `maxDays`, in order. */
export function statisticsRange(query: StatisticsQuery, today = listingDay(new Date())): { from: string; to: string } {
  let to = query.to ?? today;
  let from = query.from ?? daysBefore(to, trafficRules.defaultDays - 1);
  if (from > to) [from, to] = [to, from];
  const earliest = daysBefore(to, trafficRules.maxDays - 1);
  return { from: from < earliest ? earliest : from, to };
}

/** Every day from `from` to `to`. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = to; day >= from; day = daysBefore(day, 1)) days.unshift(day);
  return days;
}

const counts = z.object({ visitors: z.coerce.number(), views: z.coerce.number() });
const factRow = counts.extend({ dimension: z.enum(trafficDimensions), value: z.string() });
const tag = z.string().nullable();
const isNone = (row: { source: string | null; medium: string | null; campaign: string | null }) =>
  row.source === null && row.medium === null && row.campaign === null;
const campaignKey = (source: string | null, medium: string | null, campaign: string | null) =>
  JSON.stringify([source, medium, campaign]);

export async function statistics(query: StatisticsQuery, locale: Locale, today?: string): Promise<Statistics> {
  const { from, to } = statisticsRange(query, today);
  const db = await getDb();
  const range = sql`day between ${from}::date and ${to}::date`;
  // The days of the range not rolled up yet (today, a day the job has not reached): read from their events.
  const live = sql`${range} and day not in (select day from traffic_days where ${range})`;

  const totals = new Map(
    rowsOf(
      await db.execute(sql`
        select day::text as day, visitors, views from traffic_days where ${range}
        union all ${dailyTotals(live)}`),
      counts.extend({ day: z.string() }),
    ).map((row) => [row.day, row]),
  );

  const summed = (where: SQL) => sql`
    select dimension, value, sum(visitors)::int as visitors, sum(views)::int as views from (
      select dimension, value, visitors, views from traffic_day_facts where ${range} and ${where}
      union all select dimension, value, visitors, views from (${dailyFacts(live)}) f where ${where}
    ) x group by dimension, value`;
  const top = rowsOf(
    await db.execute(sql`
      select dimension, value, visitors, views from (
        select *, row_number() over (partition by dimension order by views desc, visitors desc, value) as n
        from (${summed(sql`dimension <> 'campaign'`)}) s) r
      where n <= ${trafficRules.topRows}
      order by dimension, n`),
    factRow,
  );
  // Every campaign (they are few), with the row of visits without one.
  const visitsByCampaign = rowsOf(await db.execute(summed(sql`dimension = 'campaign'`)), factRow);

  const since = dayStart(from);
  const until = dayStart(daysBefore(to, -1));
  const ledTo = (rows: unknown) =>
    new Map(
      rowsOf(rows, z.object({ source: tag, medium: tag, campaign: tag, n: z.coerce.number() })).map((row) => [
        campaignKey(row.source, row.medium, row.campaign),
        row.n,
      ]),
    );
  const signUps = ledTo(
    await db.execute(sql`
      select c.source, c.medium, c.campaign, count(*)::int as n
      from users u left join member_campaigns c on c.user_id = u.id
      where u.created_at >= ${since.toISOString()}::timestamptz and u.created_at < ${until.toISOString()}::timestamptz
      group by c.source, c.medium, c.campaign`),
  );
  const published = ledTo(
    await db.execute(sql`
      select c.source, c.medium, c.campaign, count(*)::int as n
      from (select owner_id, created_at from packages union all select owner_id, created_at from travels) l
      left join member_campaigns c on c.user_id = l.owner_id
      where l.created_at >= ${since.toISOString()}::timestamptz and l.created_at < ${until.toISOString()}::timestamptz
      group by c.source, c.medium, c.campaign`),
  );
  const campaigns = new Map<string, Statistics['campaigns'][number]>();
  const campaignRow = (key: string) => {
    const [source = null, medium = null, campaign = null] = z.array(tag).parse(JSON.parse(key));
    const row = campaigns.get(key) ?? { source, medium, campaign, visitors: 0, views: 0, signUps: 0, listings: 0 };
    campaigns.set(key, row);
    return row;
  };
  for (const visit of visitsByCampaign) {
    const row = campaignRow(JSON.stringify(z.array(tag).parse(JSON.parse(visit.value))));
    row.visitors += visit.visitors;
    row.views += visit.views;
  }
  for (const [key, n] of signUps) campaignRow(key).signUps = n;
  for (const [key, n] of published) campaignRow(key).listings = n;

  const listingRows = top.filter((row) => row.dimension === 'listing');
  const refs = listingRows.flatMap((row) => {
    const [kind, id] = row.value.split(':', 2);
    const known = listingKinds.find((k) => k === kind);
    return known && id ? [{ kind: known, id, row }] : [];
  });
  const summaries = await listingSummaries(refs);
  const listings = refs.flatMap(({ kind, id, row }) => {
    const summary = summaries.get(`${kind}:${id}`);
    if (!summary) return [];
    const route = `${cityName(summary.from, locale)} → ${cityName(summary.to, locale)}`;
    return [{ kind, id, title: summary.name ? `${route} · ${summary.name}` : route, ...counts.parse(row) }];
  });

  const keptFrom = daysBefore(listingDay(new Date()), trafficRules.keepEventsDays);
  const vitals = rowsOf(
    await db.execute(sql`
      select * from (${vitalsPercentiles(sql`${range} and day >= ${keptFrom}::date`, false)}) v
      order by samples desc, template, device`),
    z.object({
      template: z.string(),
      device: z.enum(['mobile', 'tablet', 'desktop']),
      samples: z.coerce.number(),
      lcp: z.coerce.number().nullable(),
      inp: z.coerce.number().nullable(),
      cls: z.coerce.number().nullable(),
      ttfb: z.coerce.number().nullable(),
    }),
  );

  const byDimension = (dimension: TrafficDimension) =>
    top.filter((row) => row.dimension === dimension).map(({ value, visitors, views }) => ({ value, visitors, views }));
  return {
    from,
    to,
    days: daysOf(from, to).map((day) => ({
      day,
      visitors: totals.get(day)?.visitors ?? 0,
      views: totals.get(day)?.views ?? 0,
    })),
    top: {
      page: byDimension('page'),
      listing: byDimension('listing'),
      referrer: byDimension('referrer'),
      campaign: [...campaigns.entries()]
        .filter(([key]) => key !== campaignKey(null, null, null))
        .sort(([, a], [, b]) => b.views - a.views)
        .slice(0, trafficRules.topRows)
        .map(([value, { visitors, views }]) => ({ value, visitors, views })),
      device: byDimension('device'),
      locale: byDimension('locale'),
    },
    // The campaigns by views, then the row of everything else.
    campaigns: [...campaigns.values()].sort(
      (a, b) => Number(isNone(a)) - Number(isNone(b)) || b.views - a.views || b.signUps - a.signUps,
    ),
    listings,
    vitals,
  };
}
