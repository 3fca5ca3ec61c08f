// The places lookup bench (scripts/bench/places.ts) at a tiny size: a few queries, one round, on an
// in-memory PGlite and, when DATABASE_URL is set, on that PostgreSQL server. It checks that the
// bench runs and that both ways find the same cities; the figures are npm run bench's.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/places-bench.test.ts
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dropPlacesTables,
  measurePlaces,
  pgliteRunner,
  placesMarkdown,
  postgresRunner,
  type SqlRunner,
} from '@/scripts/bench/places';

const runners: { name: string; runner: SqlRunner }[] = [];
after(async () => {
  for (const { runner } of runners) {
    await dropPlacesTables(runner);
    await runner.close();
  }
});

test('the places lookup bench runs, in memory and with pg_trgm and unaccent, and both find the same cities', async () => {
  runners.push({ name: 'PGlite', runner: await pgliteRunner() });
  if (process.env.DATABASE_URL)
    runners.push({ name: 'PostgreSQL', runner: await postgresRunner(process.env.DATABASE_URL) });
  const summary = await measurePlaces({
    databases: runners,
    queries: ['Pa', 'Paris', 'Jerba', 'Sfaks', 'marseile', 'Binzart', 'صفاقس', 'qwpzvbfdt'],
    rounds: 1,
  });
  assert.equal(summary.engines.length, 1 + runners.length);
  assert.ok(summary.places > 3000 && summary.forms > summary.places, JSON.stringify(summary));
  for (const engine of summary.engines) {
    assert.equal(engine.stats.n, 8, engine.name);
    // Exact names, transliterations, typos and Arabic script: the database finds what memory finds.
    assert.equal(engine.sameFirst, 1, `${engine.name}: ${JSON.stringify(summary.engines)}`);
  }
  assert.match(placesMarkdown(summary), /\| in memory \(trigram index\) \|/);
});
