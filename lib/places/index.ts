// Offline gazetteer of cities: address autocomplete, demo seed data and distances.
//
// Importing this module bundles gazetteer.json (~280 kB): use it on the server (route handlers,
// server components, server actions, scripts) and in tests, never from a 'use client' module;
// a client autocomplete should call a server endpoint that uses searchPlaces().
// No 'server-only' import on purpose, so that it also runs in jest and Node scripts.
//
// Data: GeoNames (geonames.org), CC BY 4.0. Rebuild with `node scripts/build-gazetteer.mjs`
// (see README.md in this folder).
export { allPlaces, placeById, placeCountries, placeName, type Place } from './data';
export { normalizePlaceName } from './normalize';
export { findPlace, preparePlacesSearch, searchPlaces } from './search';
export { placeBySlug, placeSlug } from './slugs';

/** The Earth's mean radius, for distances along its surface. */
export const earthRadiusKm = 6371;

/** Great-circle (haversine) distance, rounded to the kilometre. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h))));
}
