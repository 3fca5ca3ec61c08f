// What shared caches are told. The names of what a cached page shows, one vocabulary for Next's cache (revalidateTag, lib/server/
// listings/listings.ts) and for a CDN in front (the Cache-Tag and Surrogate-Key headers the
// production server puts on public pages, scripts/page-cache.mjs): a listing write expires the same
// tags in both. Plain JavaScript so that the server imports it as it is.

/** @typedef {'package' | 'travel'} Kind */

export const listingTags = {
  /** Every page that shows listings (lists, home, landing pages, the map), and every cached listing read. */
  all: 'listings',
  /** @param {Kind} kind */
  kind: (kind) => `listings:${kind}`,
  /** @param {Kind} kind @param {string} id */
  one: (kind, id) => `listing:${kind}:${id}`,
};

/** The tags a write to one listing expires (Next's cache here, a CDN's copies through a purge hook). */
export function listingChangeTags(/** @type {Kind} */ kind, /** @type {string} */ id) {
  return [listingTags.all, listingTags.kind(kind), listingTags.one(kind, id)];
}

/** One page in every language: `page:/colis`, `page:/` for the home pages. */
export const pageTag = (/** @type {string} */ pathWithoutLocale) => `page:${pathWithoutLocale || '/'}`;

/** The French URL segments of each kind: its list (`/colis`) and its detail pages (`/colis/{id}`); lib/routes.ts re-exports them. */
export const listingSegments = /** @type {const} */ ({
  package: { list: 'colis', detail: 'colis' },
  travel: { list: 'trajets', detail: 'trajet' },
});
const kinds = /** @type {Kind[]} */ (Object.keys(listingSegments));

/**
 * The tags of a public page, from its path (`/fr/colis`, `/en/trajet/abc`): its page tag, then what
 * it shows. `showsListings: false` for a page built once that reads no listing (a content page).
 * @param {string} pathname
 * @param {{ showsListings?: boolean }} [options]
 * @returns {string[]}
 */
export function pageTags(pathname, { showsListings = true } = {}) {
  const rest = pathname
    .split('?')[0]
    .replace(/^\/[^/]+/, '')
    .replace(/\/+$/, '');
  const tags = [pageTag(rest)];
  if (!showsListings) return tags;
  const [, first, second, ...more] = rest.split('/');
  const list = kinds.find((kind) => listingSegments[kind].list === first);
  if (list && (second === undefined || second === 'resultats'))
    return [...tags, listingTags.all, listingTags.kind(list)];
  const detail = kinds.find((kind) => listingSegments[kind].detail === first);
  // A listing's page also shows the other kind's listings on its route (its matches).
  if (detail && second && !more.length)
    return [
      ...tags,
      listingTags.one(detail, second),
      listingTags.kind(kinds.find((kind) => kind !== detail) ?? detail),
    ];
  return [...tags, listingTags.all];
}

// What a public page tells a shared cache (CONTRACT.md, CDN_MAX_AGE): a short s-maxage, since a CDN
// learns of a listing write only through a purge hook, if one is wired; a stale copy while it asks
// again, and while the origin fails (a database outage).
export const cdnMaxAgeDefault = 30;
export const cdnMaxAgeLimit = 300;
const staleWhileRevalidateSeconds = 60;
const staleIfErrorSeconds = 24 * 3600;

/**
 * CDN_MAX_AGE as seconds: unset or blank is the default; anything but a whole number from 0 to the limit throws.
 * @param {string | undefined} value
 */
export function parseCdnMaxAge(value) {
  const text = value?.trim();
  if (!text) return cdnMaxAgeDefault;
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds > cdnMaxAgeLimit)
    throw new Error(`CDN_MAX_AGE: a whole number of seconds from 0 to ${cdnMaxAgeLimit}`);
  return seconds;
}

/** The Cache-Control of a public page. */
export function publicCacheControl(/** @type {number} */ maxAge) {
  return `public, s-maxage=${maxAge}, stale-while-revalidate=${staleWhileRevalidateSeconds}, stale-if-error=${staleIfErrorSeconds}`;
}
