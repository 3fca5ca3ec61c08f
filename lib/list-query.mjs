// The query of a list page (/{lang}/colis, /{lang}/trajets): its filter keys, named once for the app
// (lib/routes.ts re-exports them) and for the production server, whose page cache keeps a filtered
// list under its canonical URL (scripts/server.mjs). Plain JavaScript so that the server imports it
// as it is.

/** The query keys of a list's filters (lib/schemas/listings.ts parses them; proxy.ts's matcher names them). */
export const listFilterKeys = /** @type {const} */ ([
  'from',
  'to',
  'fromCountry',
  'toCountry',
  'after',
  'before',
  'minWeight',
  'maxWeight',
  'maxPrice',
  'type',
  'status',
  'sort',
  'cursor',
  'limit',
  'verified',
]);

/** The two lists in each language (lib/routes.ts's listPages, lib/i18n/locales.ts's prefixes; a unit test keeps them equal). */
export const listPagePath = /^\/(?:fr|en|tn|ar)\/(?:colis|trajets)$/;

/**
 * The URL under which a list page with this query is the same page: the filter keys in the order
 * above, each with its first value (the page reads no other), blank ones left out (the page shows
 * them as absent); blank ones only are the first key, blank (the filtered page without filters,
 * not the bare list); null for another page, or a list without a filter key (the bare list, which
 * Next serves from its cache).
 * @param {string} pathname
 * @param {string} search the query string, with or without its `?`
 * @returns {string | null}
 */
export function canonicalListUrl(pathname, search) {
  if (!listPagePath.test(pathname)) return null;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  let named = false;
  for (const key of listFilterKeys) {
    const value = params.get(key);
    if (value === null) continue;
    named = true;
    if (value !== '') kept.set(key, value);
  }
  if (!named) return null;
  if (!kept.size) kept.set(listFilterKeys[0], '');
  return `${pathname}?${kept}`;
}

/**
 * Where a list query with blank filter fields (the filter form sends every field) should go: the same
 * query without them, or null when it has none. Other keys (utm_source...) are kept as they were.
 * @param {string} pathname
 * @param {string} search the query string, with or without its `?`
 * @returns {string | null}
 */
export function withoutBlankFilters(pathname, search) {
  if (!listPagePath.test(pathname)) return null;
  const params = new URLSearchParams(search);
  const blank = listFilterKeys.filter((key) => params.has(key) && !params.getAll(key).some((v) => v.trim()));
  if (!blank.length) return null;
  for (const key of blank) params.delete(key);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
