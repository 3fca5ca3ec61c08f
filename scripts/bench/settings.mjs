// What npm run bench measures and the targets it checks (scripts/bench.mjs runs it, scripts/bench/report.mjs
// writes it down).

export const PORT = Number(process.env.BENCH_PORT ?? 3300);
// PostgreSQL's data set (both kinds); PGlite's, on which the HTTP server runs, stays at 100,000.
export const PG_PER_KIND = Number(process.env.BENCH_LISTINGS_PER_KIND ?? 50_000);
export const PGLITE_PER_KIND = 50_000;
export const AUTOCANNON = { connections: 50, duration: 15, pipelining: 1 };
export const ROUNDS = 2;
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
export const LIST_ROUNDS = 3;
export const LIST_CANNON = { connections: 10, duration: 10, pipelining: 1 };
export const FILTERED_PATH = '/fr/colis?from=Tunis';
export const RENDERED = { path: '/fr/colis?from=Sfax', headers: { cookie: 'bench=1' } };
export const TARGETS_LISTS = [
  { key: 'cached', path: '/fr/colis', label: 'the cached list' },
  { key: 'filtered', path: FILTERED_PATH, label: 'a filtered list (production server)' },
  { key: 'rendered', ...RENDERED, label: 'a filtered list rendered for each request' },
];
export const TARGETS_FILTERED = { reqPerSec: 300, p95: 100 };
// scripts/bench/messaging.mjs on a production server of its own: 1,000 open event streams, a message
// every 100 ms for 30 s, on PGlite then on a throwaway PostgreSQL.
export const LIVE_TARGET_P95 = 100;
