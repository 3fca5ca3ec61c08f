import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

// The figures of a set of days, from their events: the daily roll-up writes them for a day that is
// over (./rollup.ts), and the statistics page reads them so for the days not rolled up yet (./statistics.ts).
// One query each, so that both say the same.

/** Visitors (distinct hashes of the day) and views, per day. */
export function dailyTotals(days: SQL): SQL {
  return sql`
    select day::text as day, count(distinct visitor)::int as visitors, count(*)::int as views
    from page_events where type = 'view' and ${days}
    group by day`;
}

/**
 * Visitors and views per day by each dimension's value: the path, the listing (`kind:id`), the
 * referrer's host, the campaign (`[source, medium, campaign]` as JSON, all null without one), the device
 * class and the language.
 */
export function dailyFacts(days: SQL): SQL {
  const by = (dimension: string, value: SQL, extra: SQL = sql``) => sql`
    select day::text as day, ${dimension}::text as dimension, ${value} as value,
      count(distinct visitor)::int as visitors, count(*)::int as views
    from views where true ${extra}
    group by day, ${value}`;
  return sql`
    with views as (select * from page_events where type = 'view' and ${days})
    ${by('page', sql`path`)}
    union all ${by('listing', sql`listing_kind::text || ':' || listing_id`, sql`and listing_id is not null`)}
    union all ${by('referrer', sql`referrer`, sql`and referrer is not null`)}
    union all ${by('campaign', sql`json_build_array(utm_source, utm_medium, utm_campaign)::text`)}
    union all ${by('device', sql`device`)}
    union all ${by('locale', sql`locale`)}`;
}

/** The 75th percentile of each Web Vital by page template and device class, and how many pages reported. */
export function vitalsPercentiles(days: SQL, withDay: boolean): SQL {
  const day = withDay ? sql`day::text as day,` : sql``;
  const groupDay = withDay ? sql`day,` : sql``;
  return sql`
    select ${day} template, device, count(*)::int as samples,
      percentile_cont(0.75) within group (order by lcp) as lcp,
      percentile_cont(0.75) within group (order by inp) as inp,
      percentile_cont(0.75) within group (order by cls) as cls,
      percentile_cont(0.75) within group (order by ttfb) as ttfb
    from page_events where type = 'vitals' and ${days}
    group by ${groupDay} template, device`;
}
