import { distanceKm, findPlace, placeName, type Place } from '@/lib/places';

// Routes between two places of the gazetteer (lib/places) and how their countries relate, for the
// demo seed and the benchmark data (scripts/bench/generate.ts).

export type Route = { from: Place; to: Place; km: number };

/** The served countries that pay in euros. */
export const EU = new Set(['FR', 'IT', 'ES', 'BE', 'DE']);
export const MAGHREB = new Set(['TN', 'DZ', 'MA', 'LY']);
/** Maghreb countries with car ferries to France, Italy and Spain. */
export const FERRY_SOUTH = new Set(['TN', 'DZ', 'MA']);
export const FERRY_NORTH = new Set(['FR', 'IT', 'ES']);

const inEurope = (country: string) => EU.has(country) || country === 'CH' || country === 'GB';

export function place(name: string, country: string): Place {
  const found = findPlace(name, country);
  if (!found) throw new Error(`[seed] "${name}" (${country}) is missing from the gazetteer (lib/places)`);
  return found;
}

export function routeBetween(from: Place, to: Place): Route {
  return { from, to, km: distanceKm(from, to) };
}

export function reversed(route: Route): Route {
  return { from: route.to, to: route.from, km: route.km };
}

/** Crosses the Mediterranean or an ocean (no road): plane, or car/truck with a ferry. */
export function overSea(route: Route): boolean {
  const a = route.from.country;
  const b = route.to.country;
  if (a === b) return false;
  if (MAGHREB.has(a) && MAGHREB.has(b)) return false;
  if (inEurope(a) && inEurope(b)) return false;
  return true;
}

/** A road vehicle can make it with a ferry crossing (Maghreb <-> France, Italy, Spain). */
export function byFerry(route: Route): boolean {
  const a = route.from.country;
  const b = route.to.country;
  return (FERRY_SOUTH.has(a) && FERRY_NORTH.has(b)) || (FERRY_SOUTH.has(b) && FERRY_NORTH.has(a));
}

/** The listing's place columns. */
export function endpoints(route: Route) {
  return {
    fromCity: placeName(route.from, 'fr'),
    fromCountry: route.from.country,
    fromPlaceId: route.from.id,
    fromLat: route.from.lat,
    fromLng: route.from.lng,
    toCity: placeName(route.to, 'fr'),
    toCountry: route.to.country,
    toPlaceId: route.to.id,
    toLat: route.to.lat,
    toLng: route.to.lng,
  };
}
