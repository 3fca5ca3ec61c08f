// The map of autour-de-moi: which library draws it and from which style, from two variables
// (MAP_STYLE_URL, NEXT_PUBLIC_MAPBOX_TOKEN). Plain JavaScript so that the production server
// (scripts/server.mjs) opens the page's Content-Security-Policy to the style's host with the same
// rules; lib/env.ts validates the variables with isMapStyleUrl() and hands them to the page.

/** Where the production server serves MapLibre's worker (scripts/copy-map-worker.mjs puts it in public/). */
export const mapLibreWorkerPath = '/maplibre-gl-worker.mjs';

/** Key-free vector tiles (OpenFreeMap, OpenStreetMap data); style, tiles, sprites and fonts on one host. */
export const openFreeMapStyle = 'https://tiles.openfreemap.org/styles/liberty';
/** Mapbox's own streets style, when a Mapbox token is set. */
export const mapboxStyle = 'mapbox://styles/mapbox/streets-v12';
/** The hosts Mapbox GL JS fetches from (styles, tiles, fonts, sprites; its usage events). */
const mapboxHosts = ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'];

/**
 * A style URL the map can load: absolute http(s), a path of this site (`/map/style.json`, for an
 * offline install), or a `mapbox://` style (with a token).
 * @param {string} value
 */
export function isMapStyleUrl(value) {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    return ['http:', 'https:', 'mapbox:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The library and style of the map.
 * @param {{ styleUrl?: string, mapboxToken?: string }} config
 * @returns {{ library: 'maplibre' | 'mapbox', styleUrl: string, mapboxToken?: string }}
 */
export function mapSettings({ styleUrl, mapboxToken }) {
  const token = mapboxToken?.trim() || undefined;
  const style = styleUrl?.trim() || undefined;
  if (token) return { library: 'mapbox', styleUrl: style ?? mapboxStyle, mapboxToken: token };
  return { library: 'maplibre', styleUrl: style ?? openFreeMapStyle };
}

/**
 * The origins the map page must be allowed to fetch from (connect-src), besides this site. A style
 * served elsewhere is assumed to keep its tiles, sprites and fonts on its own host, as OpenFreeMap
 * does; a style that names other hosts needs a proxy on one host or on this site.
 * @param {{ styleUrl?: string, mapboxToken?: string }} config
 * @returns {string[]}
 */
export function mapOrigins(config) {
  const { library, styleUrl } = mapSettings(config);
  const origins = library === 'mapbox' ? [...mapboxHosts] : [];
  if (/^https?:\/\//.test(styleUrl)) origins.push(new URL(styleUrl).origin);
  return [...new Set(origins)];
}
