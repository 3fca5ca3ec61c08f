// What npm run bench measures and the targets it checks (scripts/bench.mjs runs it, scripts/bench/report.mjs
// writes it down).

export const PORT = Number(process.env.BENCH_PORT ?? 3300);
/**
 * BENCH_TINY=1: every step at a tiny size (a few hundred listings, one-second runs, a few members),
 * the report written to BENCH_OUT instead of docs/benchmarks.md: npm test runs it so that a change that
 * breaks a bench fails there (tests/bench/benches.test.mjs). The figures of such a run mean nothing.
 */
export const TINY = process.env.BENCH_TINY === '1';
// PostgreSQL's data set (both kinds); PGlite's, on which the HTTP server runs, stays at 100,000.
export const PG_PER_KIND = TINY ? 150 : Number(process.env.BENCH_LISTINGS_PER_KIND ?? 50_000);
export const PGLITE_PER_KIND = TINY ? 150 : 50_000;
export const AUTOCANNON = { connections: TINY ? 4 : 50, duration: TINY ? 1 : 15, pipelining: 1 };
export const ROUNDS = TINY ? 1 : 2;
/** The query timings' runs (scripts/bench/query.ts), and the live messaging's load (scripts/bench/messaging.mjs). */
export const TINY_QUERY = { BENCH_WARMUP: '2', BENCH_RUNS: '5', BENCH_QUERY_ROUNDS: '1', BENCH_USERS: '10' };
export const TINY_LIVE = { MEMBERS: '3', TABS: '2', DURATION: '2', INTERVAL: '200' };
export const COPY_PATH = '/bench-page-copy.html';
export const TARGETS = { postgresP95: 25, pgliteP95: 100, pageShare: 35, nearbyP95: 10, everySetP95: 15 };
// What each run requests. `next` bypasses the server's page cache (it keeps no query without a list
// filter, and Next serves its cached page for any query the proxy does not rewrite).
export const NEXT_PATH = '/fr/colis?via=next';
export const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
export const TARGETS_HTTP = [
  { key: 'static', path: '/icon.svg', label: 'small static file' },
  { key: 'page', path: '/fr/colis', label: 'warm page (production server)' },
  { key: 'next', path: NEXT_PATH, label: 'warm page through Next alone' },
  { key: 'copy', path: COPY_PATH, label: "the page's HTML as a file" },
  { key: 'pageGzip', path: '/fr/colis', headers: GZIP, label: 'warm page, gzip (production server)' },
  { key: 'nextGzip', path: NEXT_PATH, headers: GZIP, label: 'warm page, gzip, through Next alone' },
];
// The filtered lists at 10 connections, beside the cached list: a filtered list the page cache keeps
// under its canonical URL, and one rendered for each request (its requests carry a cookie, so the
// page cache never keeps it, and none without one is sent).
export const LIST_ROUNDS = TINY ? 1 : 3;
export const LIST_CANNON = { connections: TINY ? 2 : 10, duration: TINY ? 1 : 10, pipelining: 1 };
export const FILTERED_PATH = '/fr/colis?from=Tunis';
export const RENDERED = { path: '/fr/colis?from=Sfax', headers: { cookie: 'bench=1' } };
export const TARGETS_LISTS = [
  { key: 'cached', path: '/fr/colis', label: 'the cached list' },
  { key: 'filtered', path: FILTERED_PATH, label: 'a filtered list (production server)' },
  { key: 'rendered', ...RENDERED, label: 'a filtered list rendered for each request' },
];
export const TARGETS_FILTERED = { reqPerSec: 300, p95: 100 };
// scripts/bench/messaging.mjs on a production server of its own: 1,000 open event streams, a message
// every 100 ms for 30 s, on PGlite then on a throwaway PostgreSQL (issue 33: p95 under 50 ms on both).
export const LIVE_TARGET_P95 = 50;
