// Latency of the filtered list query (listListings, lib/server/listings/listings.ts) and of the nearby query
// (nearbyOffers, lib/server/public/nearby.ts) on the database of DATA_DIR (PGlite) or DATABASE_URL
// (PostgreSQL), filled by scripts/bench/generate.ts.
//
//   node --conditions=react-server --import tsx scripts/bench/query.ts [summary.json]
//
// Each filter set: 20 warm-up runs, then 200 timed runs one after the other (a single client),
// each timed from the call to the returned page (SQL, driver and row mapping); the list's sets in
// BENCH_QUERY_ROUNDS rounds (3), one set after the other in each, each round's p95 with the
// machine's load average beside it (other processes share the CPU), and the plan of each set.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { nearbyLimit, type ListingKind } from '@/lib/domain';
import { findPlace } from '@/lib/places';
import { z } from '@/lib/zod';
import { type ListingFilters } from '@/lib/schemas/listings';
import { type NearbyQuery } from '@/lib/schemas/nearby';
import { closeDb, connection, rowsOf, type Db } from '@/lib/server/db/client';
import { listListings, listQuery } from '@/lib/server/listings/listings';
import { nearbyOffers, nearestQuery } from '@/lib/server/public/nearby';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ROUNDS = Number(process.env.BENCH_QUERY_ROUNDS ?? 3);
const DAY = 86_400_000;

/** `filtered`: a filtered list query (the latency target); the unfiltered default list is measured apart. */
type FilterSet = { name: string; kind: ListingKind; filters: ListingFilters; filtered: boolean };
export type Stats = { n: number; min: number; mean: number; p50: number; p95: number; p99: number; max: number };
export type QuerySummary = {
  driver: 'pglite' | 'postgres';
  listings: { packages: number; travels: number; users: number };
  warmup: number;
  runs: number;
  rounds: number;
  /**
   * `ids`: the listings of the page, in order (bench.mjs checks that the served /colis page shows
   * them); `stats`: every round's samples pooled; `perRound`: each round's p95 and the load average
   * (1 min) at its end; `p95`: the median of the rounds' p95; `plan`: the index the scan reads and
   * how many rows it read for the page (EXPLAIN ANALYZE).
   */
  sets: (FilterSet & {
    rows: number;
    ids: string[];
    stats: Stats;
    perRound: { p95: number; load: number }[];
    p95: number;
    plan: { index: string; rowsRead: number; text: string };
  })[];
  /** Every sample of the filtered sets pooled. */
  filtered: Stats;
  /** Every sample of every set pooled, the unfiltered list included. */
  overall: Stats;
  /**
   * The nearby query: each set; `pooled`, every sample of the sets of the page's size (the target);
   * `overall`, every set's, the API's largest answer included; the plan of the page's query around Tunis.
   */
  nearby: {
    sets: { name: string; query: NearbyQuery; page: boolean; rows: number; more: boolean; stats: Stats }[];
    pooled: Stats;
    overall: Stats;
    plan: string;
  };
  at: string;
};

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    n: sorted.length,
    min: r(sorted[0]!),
    mean: r(sorted.reduce((s, v) => s + v, 0) / sorted.length),
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.at(-1)!),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 100) / 100;
}

/** The index a set's scan reads and the rows it read for the page (kept, and skipped by a filter). */
async function planOf(db: Db, set: FilterSet): Promise<{ index: string; rowsRead: number; text: string }> {
  const explained = await db.execute(sql`explain (analyze, buffers) ${listQuery(db, set.kind, set.filters).getSQL()}`);
  const lines = rowsOf(explained, z.object({ 'QUERY PLAN': z.string() })).map((row) => row['QUERY PLAN']);
  const at = lines.findIndex((line) => /(?:Index|Seq) Scan.* on (?:packages|travels)\b/.test(line));
  if (at < 0) return { index: 'none', rowsRead: NaN, text: lines.join('\n') };
  const scan = lines[at]!;
  const index =
    /using (\S+)/.exec(scan)?.[1] ??
    scan
      .trim()
      .split(' on ')[0]!
      .replace(/^->\s*/, '');
  const kept = Number(/actual time=\S+ rows=([\d.]+)/.exec(scan)?.[1] ?? NaN);
  const depth = scan.search(/\S/);
  let skipped = 0;
  for (const line of lines.slice(at + 1)) {
    if (line.includes('->') || line.search(/\S/) <= depth) break;
    skipped += Number(/Rows Removed by Filter: (\d+)/.exec(line)?.[1] ?? 0);
  }
  return { index, rowsRead: kept + skipped, text: lines.join('\n') };
}

async function main() {
  const out = process.argv[2];
  const conn = await connection();
  const [counts] = rowsOf(
    await conn.db.execute(
      sql`select (select count(*) from packages) as packages, (select count(*) from travels) as travels, (select count(*) from users) as users`,
    ),
    z.object({ packages: z.coerce.number(), travels: z.coerce.number(), users: z.coerce.number() }),
  );
  const listings = counts ?? { packages: 0, travels: 0, users: 0 };
  if (!listings.packages || !listings.travels)
    throw new Error('[bench] no listings: run scripts/bench/generate.ts first');

  const countryPair: ListingFilters = {
    fromCountry: 'TN',
    toCountry: 'FR',
    status: undefined,
    sort: 'date',
    limit: 12,
  };
  const firstPage = await listListings('package', countryPair);
  if (!firstPage.nextCursor) throw new Error('[bench] TN → FR has a single page: the data set is too small');

  const sets: FilterSet[] = [
    {
      name: 'packages, unfiltered (the /colis list)',
      kind: 'package',
      filters: { sort: 'date', limit: 12 },
      filtered: false,
    },
    { name: 'packages, country pair TN → FR', kind: 'package', filters: countryPair, filtered: true },
    {
      name: 'packages, TN → FR page 2 (cursor)',
      kind: 'package',
      filters: { ...countryPair, cursor: firstPage.nextCursor },
      filtered: true,
    },
    { name: 'travels, country pair TN → FR', kind: 'travel', filters: { ...countryPair }, filtered: true },
    { name: 'travels, type car', kind: 'travel', filters: { type: 'car', sort: 'date', limit: 12 }, filtered: true },
    {
      name: 'packages, dates (+7 to +60 days) and maxPrice 20',
      kind: 'package',
      filters: { after: isoDay(7), before: isoDay(60), maxPrice: 20, sort: 'date', limit: 12 },
      filtered: true,
    },
    {
      name: 'packages, city pair Tunis → Paris',
      kind: 'package',
      filters: { from: 'Tunis', to: 'Paris', fromCountry: 'TN', toCountry: 'FR', sort: 'date', limit: 12 },
      filtered: true,
    },
    {
      name: 'packages, TN → FR, cheapest first',
      kind: 'package',
      filters: { ...countryPair, sort: 'price' },
      filtered: true,
    },
    {
      name: 'travels, from Sfax, newest first',
      kind: 'travel',
      filters: { from: 'Sfax', sort: 'recent', limit: 12 },
      filtered: true,
    },
    {
      name: 'packages, 20 to 25 kg',
      kind: 'package',
      filters: { minWeight: 20, maxWeight: 25, sort: 'date', limit: 12 },
      filtered: true,
    },
  ];

  const all: number[] = [];
  const filteredSamples: number[] = [];
  const samplesOf = sets.map((): number[] => []);
  const roundsOf = sets.map((): { p95: number; load: number }[] => []);
  const idsOf: string[][] = [];
  for (const [i, set] of sets.entries()) {
    let ids: string[] = [];
    for (let w = 0; w < WARMUP; w++) ids = (await listListings(set.kind, set.filters)).items.map((item) => item.id);
    idsOf[i] = ids;
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [i, set] of sets.entries()) {
      const samples: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const t0 = performance.now();
        await listListings(set.kind, set.filters);
        samples.push(performance.now() - t0);
      }
      samplesOf[i]!.push(...samples);
      const s = stats(samples);
      const load = Math.round(os.loadavg()[0]! * 100) / 100;
      roundsOf[i]!.push({ p95: s.p95, load });
      console.log(
        `[bench] ${conn.driver.padEnd(8)} round ${round} ${set.name.padEnd(50)} p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  load ${load.toFixed(2)}`,
      );
    }
  }
  const results: QuerySummary['sets'] = [];
  for (const [i, set] of sets.entries()) {
    const samples = samplesOf[i]!;
    all.push(...samples);
    if (set.filtered) filteredSamples.push(...samples);
    const perRound = roundsOf[i]!;
    const p95 = median(perRound.map((r) => r.p95));
    const plan = await planOf(conn.db, set);
    results.push({ ...set, rows: idsOf[i]!.length, ids: idsOf[i]!, stats: stats(samples), perRound, p95, plan });
    console.log(
      `[bench] ${conn.driver.padEnd(8)} ${set.name.padEnd(50)} rows ${String(idsOf[i]!.length).padStart(2)}  p95 ${p95.toFixed(2)} ms (median of ${ROUNDS} rounds)  ${plan.index}, ${plan.rowsRead} rows read`,
    );
  }
  const filtered = stats(filteredSamples);
  const overall = stats(all);

  // The nearby query (the map of autour-de-moi) around cities dense with listings, and far from any.
  const around = (city: string, country: string) => {
    const place = findPlace(city, country);
    if (!place) throw new Error(`[bench] ${city} is not in the gazetteer`);
    return { lat: place.lat, lng: place.lng };
  };
  const nearbySets: { name: string; query: NearbyQuery }[] = [
    {
      name: 'Tunis, 50 km, all (the page around its default place)',
      query: { ...around('Tunis', 'TN'), radius: 50, type: 'all', limit: nearbyLimit.default },
    },
    {
      name: 'Tunis, 250 km, packages',
      query: { ...around('Tunis', 'TN'), radius: 250, type: 'package', limit: nearbyLimit.default },
    },
    {
      name: 'Paris, 25 km, travels',
      query: { ...around('Paris', 'FR'), radius: 25, type: 'travel', limit: nearbyLimit.default },
    },
    {
      name: 'Sfax, 100 km, all, 200 offers',
      query: { ...around('Sfax', 'TN'), radius: 100, type: 'all', limit: nearbyLimit.max },
    },
    {
      name: 'Sahara (no listing within 500 km), all',
      query: { lat: 25, lng: 5, radius: 500, type: 'all', limit: nearbyLimit.default },
    },
  ];
  const nearbyResults: QuerySummary['nearby']['sets'] = [];
  const nearbySamples: number[] = [];
  const pageSamples: number[] = [];
  for (const set of nearbySets) {
    let answer = await nearbyOffers(set.query, 'fr');
    for (let i = 1; i < WARMUP; i++) answer = await nearbyOffers(set.query, 'fr');
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await nearbyOffers(set.query, 'fr');
      samples.push(performance.now() - t0);
    }
    nearbySamples.push(...samples);
    if (set.query.limit === nearbyLimit.default) pageSamples.push(...samples);
    const s = stats(samples);
    nearbyResults.push({
      ...set,
      page: set.query.limit === nearbyLimit.default,
      rows: answer.items.length,
      more: answer.more,
      stats: s,
    });
    console.log(
      `[bench] ${conn.driver.padEnd(8)} nearby: ${set.name.padEnd(50)} rows ${String(answer.items.length).padStart(3)}  p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms`,
    );
  }
  const tunis = nearbySets[0]!.query;
  const explained = await conn.db.execute(sql`explain analyze ${nearestQuery(conn.db, tunis).getSQL()}`);
  const plan = rowsOf(explained, z.object({ 'QUERY PLAN': z.string() }))
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  const nearby = { sets: nearbyResults, pooled: stats(pageSamples), overall: stats(nearbySamples), plan };
  console.log(
    `[bench] ${conn.driver.padEnd(8)} ${`nearby, sets of ${nearbyLimit.default} offers (the page's)`.padEnd(50)}          p50 ${nearby.pooled.p50.toFixed(2)} ms  p95 ${nearby.pooled.p95.toFixed(2)} ms  p99 ${nearby.pooled.p99.toFixed(2)} ms`,
  );
  console.log(
    `[bench] ${conn.driver.padEnd(8)} ${'nearby, every set'.padEnd(50)}          p50 ${nearby.overall.p50.toFixed(2)} ms  p95 ${nearby.overall.p95.toFixed(2)} ms  p99 ${nearby.overall.p99.toFixed(2)} ms`,
  );
  console.log(
    `[bench] ${conn.driver.padEnd(8)} ${'filtered sets'.padEnd(50)}          p50 ${filtered.p50.toFixed(2)} ms  p95 ${filtered.p95.toFixed(2)} ms  p99 ${filtered.p99.toFixed(2)} ms`,
  );
  console.log(
    `[bench] ${conn.driver.padEnd(8)} ${'all sets'.padEnd(50)}          p50 ${overall.p50.toFixed(2)} ms  p95 ${overall.p95.toFixed(2)} ms  p99 ${overall.p99.toFixed(2)} ms`,
  );

  const summary: QuerySummary = {
    driver: conn.driver,
    listings,
    warmup: WARMUP,
    runs: RUNS,
    rounds: ROUNDS,
    sets: results,
    filtered,
    overall,
    nearby,
    at: new Date().toISOString(),
  };
  if (out) writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
