import 'server-only';

// The production server's copies of public pages (scripts/page-cache.mjs) live in this process,
// outside Next's caches: a write drops them with Next's cache tags (lib/server/listings.ts).
const PAGE_CACHE_KEY = Symbol.for('colibri.page-cache');

type PageCache = { purge(): void };

/** Drops the server's copies of public pages; a no-op under `next dev` and in scripts. */
export function purgePageCache() {
  (globalThis as { [PAGE_CACHE_KEY]?: PageCache })[PAGE_CACHE_KEY]?.purge();
}
