// The places lookup, two ways, at the gazetteer's full size: the trigram index in memory that the
// site uses (lib/places/search.ts), and the same lookup in the database with pg_trgm and unaccent
// (the same forms in a table, a B-tree for the exact and prefix tiers, a GIN trigram index and
// fuzzystrmatch's levenshtein for the misspelled ones), on PGlite (an in-memory instance with the
// three extensions) and on PostgreSQL when DATABASE_URL is set. Each lookup is timed from the
// call to the places found, one at a time, over queries typed letter by letter, misspelled, in
// Arabic script, and in transliterations.
//
//   node --conditions=react-server --import tsx scripts/bench/places.ts [summary.json]
//
// Writes its section of docs/benchmarks.md (scripts/bench/sections.mjs); npm run bench runs it
// (scripts/bench.mjs, with a throwaway PostgreSQL). tests/api/places-bench.test.ts runs it at a
// tiny size (a few queries, one round) on the tests' database.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { allPlaces, normalizePlaceName, preparePlacesSearch, searchPlaces } from '@/lib/places';
import { placesSearchForms } from '@/lib/places/search';
import { latinFold, skeletons, skeletonMinLength, typosAllowed } from '@/lib/places/spelling';
import { countries } from '@/lib/countries';
import { writeSection } from './sections.mjs';

export type Stats = { n: number; p50: number; p95: number; p99: number; max: number };
/** One way of looking places up: `lookup` answers the ids of the places found, best first. */
type Engine = { name: string; lookup: (query: string) => Promise<number[]>; close: () => Promise<void> };
/** A database that runs a statement with parameters and answers rows. */
export type SqlRunner = {
  query: (text: string, params?: (string | number | string[])[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
};
export type PlacesSummary = {
  places: number;
  forms: number;
  queries: number;
  rounds: number;
  engines: { name: string; stats: Stats; sameFirst: number }[];
  load: [number, number];
};

const LIMIT = 8;
const schema = 'bench_places';

/** Queries as people type them: each city letter by letter, misspelled, in Arabic, transliterated. */
export function benchQueries(): string[] {
  const typed = ['Paris', 'Tunis', 'Marseille', 'Sousse', 'Casablanca', 'Bruxelles', 'Francfort', 'Monastir'];
  const prefixes = typed.flatMap((name) => Array.from({ length: name.length - 1 }, (_, i) => name.slice(0, i + 2)));
  const misspelled = ['marseile', 'Marsiele', 'Parsi', 'tunsi', 'Monastr', 'Nabuel', 'Soussa', 'Lyonn', 'Bizert'];
  const transliterated = ['Jerba', 'Sfaks', 'Binzart', 'Bgayet', 'Qairouan', 'Hamamet', 'Kairawan', 'Safaqis'];
  const arabic = ['تونس', 'صفا', 'صفاقص', 'باريس', 'مرسيليا', 'جربة', 'القيروان', 'بنزرط'];
  const none = ['qwpzvbfdt', 'Xyzzy'];
  return [...prefixes, ...misspelled, ...transliterated, ...arabic, ...none];
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

// ---------------------------------------------------------------- in the database

/** The table of forms and its indexes, in a schema of its own (dropped by `dropPlacesTables`). */
async function createPlacesTables(db: SqlRunner): Promise<number> {
  await db.query(`drop schema if exists ${schema} cascade`);
  await db.query(`create schema ${schema}`);
  for (const extension of ['pg_trgm', 'unaccent', 'fuzzystrmatch'])
    await db.query(`create extension if not exists ${extension} with schema ${schema}`);
  await db.query(
    `create table ${schema}.places (entry int primary key, place_id int not null, population int not null, served boolean not null)`,
  );
  // kind: 0 name, 2 a name from a later word, 3 folded (either), 4 skeleton. Byte order ("C"), so
  // that a prefix is a range of the B-tree.
  await db.query(
    `create table ${schema}.forms (kind smallint not null, form text collate "C" not null, entry int not null)`,
  );
  const served = new Set<string>(countries.map((c) => c.code));
  const entries = new Map(allPlaces().map((place, entry) => [place.id, entry]));
  const places = allPlaces().map((place, entry) => ({
    entry,
    place_id: place.id,
    population: place.population,
    served: served.has(place.country),
  }));
  await db.query(
    `insert into ${schema}.places select * from json_to_recordset($1::text::json) as x(entry int, place_id int, population int, served boolean)`,
    [JSON.stringify(places)],
  );
  const kinds = { name: 0, tail: 2, folded: 3, skeleton: 4 } as const;
  const forms = placesSearchForms().map((form) => ({
    kind: kinds[form.kind],
    form: form.text,
    entry: entries.get(form.place.id)!,
  }));
  await db.query(
    `insert into ${schema}.forms select * from json_to_recordset($1::text::json) as x(kind smallint, form text, entry int)`,
    [JSON.stringify(forms)],
  );
  await db.query(`create index on ${schema}.forms (kind, form)`);
  await db.query(`create index on ${schema}.forms using gin (form ${schema}.gin_trgm_ops) where kind = 3`);
  await db.query(`analyze ${schema}.forms`);
  await db.query(`analyze ${schema}.places`);
  return forms.length;
}

export async function dropPlacesTables(db: SqlRunner): Promise<void> {
  await db.query(`drop schema if exists ${schema} cascade`);
}

// The tiers of lib/places/search.ts in one statement: the query normalised by unaccent in the
// database; its folded form and skeletons (pure functions of the query) sent with it. Every tier is
// read (a statement cannot stop early as the loop in memory does), each place kept at its best.
const lookupSql = `
with q as (select btrim(regexp_replace(lower(${schema}.unaccent($1)), '[^[:alnum:]]+', ' ', 'g')) as q),
hits as (
  select f.entry, case when f.form = q.q then (case f.kind when 0 then 0 else 2 end) else (case f.kind when 0 then 1 else 2 end) end as tier, 0 as rank
    from ${schema}.forms f, q
   where f.kind in (0, 2) and f.form >= q.q and f.form < q.q || chr(1114111)
  union all
  select entry, 3, 0 from ${schema}.forms where kind = 3 and form >= $2 and form < $2 || chr(1114111)
  union all
  select entry, case when form = any($3::text[]) then 4 else 5 end, 0 from ${schema}.forms
   where kind = 4 and (form = any($3::text[]) or form like any($4::text[]))
  union all
  select entry, 6, ${schema}.levenshtein_less_equal($2, left(form, length($2)), $5) from ${schema}.forms
   where $5 > 0 and kind = 3 and $2 operator(${schema}.<%) form
     and ${schema}.levenshtein_less_equal($2, left(form, length($2)), $5) <= $5
),
best as (select distinct on (entry) entry, tier, rank from hits order by entry, tier, rank)
select p.place_id from best join ${schema}.places p using (entry)
 order by best.tier, best.rank, p.served desc, p.population desc, p.place_id
 limit ${LIMIT}`;

function databaseEngine(name: string, db: SqlRunner): Engine {
  return {
    name,
    lookup: async (query) => {
      const q = normalizePlaceName(query);
      const bones = skeletons(q);
      const letters = q.replace(/ /g, '').length;
      const prefixes = bones.filter((s) => s.length > skeletonMinLength || letters >= 4).map((s) => `${s}%`);
      const rows = await db.query(lookupSql, [query, latinFold(q), bones, prefixes, typosAllowed(letters)]);
      return rows.map((row) => Number(row.place_id));
    },
    close: () => db.close(),
  };
}

/** An in-memory PGlite with the three extensions. */
export async function pgliteRunner(): Promise<SqlRunner> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { fuzzystrmatch } = await import('@electric-sql/pglite/contrib/fuzzystrmatch');
  const client = await PGlite.create({ extensions: { pg_trgm, unaccent, fuzzystrmatch } });
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    close: () => client.close(),
  };
}

/** A PostgreSQL server, one connection. */
export async function postgresRunner(url: string): Promise<SqlRunner> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  return {
    query: async (text, params) => [...(await sql.unsafe(text, params ?? []))],
    close: () => sql.end(),
  };
}

// ---------------------------------------------------------------- the measure

/**
 * Every engine on every query, `rounds` times, one lookup at a time after a warm-up round;
 * `sameFirst`: the share of queries whose first place is the one memory finds.
 */
export async function measurePlaces(options: {
  databases: { name: string; runner: SqlRunner }[];
  queries?: string[];
  rounds?: number;
}): Promise<PlacesSummary> {
  const queries = options.queries ?? benchQueries();
  const rounds = options.rounds ?? 20;
  const loadBefore = os.loadavg()[0]!;
  preparePlacesSearch();
  const engines: Engine[] = [
    {
      name: 'in memory (trigram index)',
      lookup: async (query) => searchPlaces(query, { limit: LIMIT }).map((place) => place.id),
      close: async () => {},
    },
  ];
  let forms = 0;
  for (const { name, runner } of options.databases) {
    forms = await createPlacesTables(runner);
    // A misspelled word is looked for among those whose trigrams are this close (pg_trgm's `<%`).
    await runner.query(`select set_config('pg_trgm.word_similarity_threshold', '0.3', false)`);
    engines.push(databaseEngine(`${name} (pg_trgm + unaccent)`, runner));
  }
  const expected = new Map<string, number | undefined>();
  for (const query of queries) expected.set(query, (await engines[0]!.lookup(query))[0]);
  const result: PlacesSummary['engines'] = [];
  for (const engine of engines) {
    for (const query of queries) await engine.lookup(query); // warm-up
    const samples: number[] = [];
    let same = 0;
    for (let round = 0; round < rounds; round++)
      for (const query of queries) {
        const started = performance.now();
        const ids = await engine.lookup(query);
        samples.push(performance.now() - started);
        if (round === 0 && ids[0] === expected.get(query)) same++;
      }
    result.push({ name: engine.name, stats: stats(samples), sameFirst: same / queries.length });
  }
  return {
    places: allPlaces().length,
    forms,
    queries: queries.length,
    rounds,
    engines: result,
    load: [loadBefore, os.loadavg()[0]!],
  };
}

/** The section of docs/benchmarks.md. */
export function placesMarkdown(summary: PlacesSummary): string {
  const ms = (v: number) => `${v.toFixed(3)} ms`;
  const [memory, ...databases] = summary.engines;
  const worst = Math.max(...summary.engines.map((e) => e.stats.p95));
  return [
    '## Places lookup (autocomplete and the cities of a search)',
    '',
    `Produced by \`scripts/bench/places.ts\` (run by \`npm run bench\`); run it again rather than edit this section. ${new Date().toISOString()}, load average ${summary.load[0].toFixed(2)} at the start and ${summary.load[1].toFixed(2)} at the end.`,
    '',
    `The gazetteer at its full size: ${summary.places.toLocaleString('en')} places, ${summary.forms.toLocaleString('en')} forms (names, names from a later word, transliteration folds, consonant skeletons). ${summary.queries} queries (8 cities typed letter by letter, misspelled ones, transliterations, Arabic script, two that find nothing), ${summary.rounds} rounds after a warm-up round, one lookup at a time, each timed from the call to the ids of the 8 places found. In memory: \`searchPlaces\` (lib/places/search.ts, sorted tables and a trigram index built once). In the database: the same forms in a table with a B-tree (exact and prefix tiers) and a GIN \`gin_trgm_ops\` index (misspellings, \`<%\` then \`levenshtein_less_equal\`), the query normalised by \`unaccent\`, every tier in one statement. "Same first place" compares each engine's first answer with memory's.`,
    '',
    '| Engine | p50 | p95 | p99 | max | same first place |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...summary.engines.map(
      (e) =>
        `| ${e.name} | ${ms(e.stats.p50)} | **${ms(e.stats.p95)}** | ${ms(e.stats.p99)} | ${ms(e.stats.max)} | ${Math.round(e.sameFirst * 100)} % |`,
    ),
    '',
    `Target: p95 under 5 ms per lookup: ${memory && memory.stats.p95 < 5 ? '**met**' : '**not met**'} in memory${databases.length ? `; ${databases.map((d) => `${d.name}: ${d.stats.p95 < 5 ? 'met' : 'not met'}`).join(', ')}` : ''}. Worst p95 ${ms(worst)}. The site uses the faster: ${
      memory && databases.every((d) => memory.stats.p95 <= d.stats.p95) ? 'memory' : 'see the table'
    } (docs/decisions/0037-places-found-however-spelled.md).`,
  ].join('\n');
}

async function main() {
  const out = process.argv[2];
  const databases: { name: string; runner: SqlRunner }[] = [{ name: 'PGlite', runner: await pgliteRunner() }];
  const url = process.env.DATABASE_URL;
  if (url) databases.push({ name: 'PostgreSQL', runner: await postgresRunner(url) });
  try {
    const summary = await measurePlaces({ databases, rounds: Number(process.env.BENCH_PLACES_ROUNDS ?? 20) });
    const text = placesMarkdown(summary);
    console.log(text);
    if (out) writeFileSync(out, JSON.stringify(summary, null, 2));
    await writeSection('places', text);
  } finally {
    for (const { runner } of databases) {
      await dropPlacesTables(runner).catch(() => undefined);
      await runner.close();
    }
  }
}

// Run as a script; imported (tests/api/places-bench.test.ts), it lends its measure.
if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
