import type { TravelType } from '@/lib/domain';
import { byFerry, MAGHREB, overSea, type Route } from './geography';
import type { Rng } from './rng';
import { HOUR, roundTime } from './units';

// How a trip goes on a route: the means of travel, how long it lasts, how much room it has. For the
// demo seed and the benchmark data (scripts/bench/generate.ts).

/** Trips shorter than this are local: taxis, bikes and the like. */
export const LOCAL_KM = 80;
/** Between two countries by road, beyond this distance many fly. */
export const LONG_KM = 800;

/** The means of travel on a route, each with its weight (the ones with none do not happen there). */
export function travelTypeWeights(route: Route): Partial<Record<TravelType, number>> {
  const { from, to, km } = route;
  if (overSea(route)) return byFerry(route) ? { plane: 80, car: 13, truck: 7 } : { plane: 1 };
  if (from.country !== to.country) {
    if (MAGHREB.has(from.country)) return { rental_car: 40, car: 30, bus: 15, truck: 15 };
    if (km > LONG_KM) return { plane: 50, train: 25, car: 15, bus: 10 };
    return { train: 40, car: 25, bus: 20, plane: 5, truck: 5, motorcycle: 5 };
  }
  if (km < LOCAL_KM)
    return {
      car: 25,
      taxi: 20,
      motorcycle: 15,
      bike: 10,
      bus: 10,
      train: 10,
      rental_car: from.country === 'TN' ? 20 : 0, // the louage, Tunisia's shared taxi
    };
  if (MAGHREB.has(from.country)) return { rental_car: 40, car: 25, bus: 15, train: 10, truck: 5, motorcycle: 5 };
  return { train: 35, car: 30, bus: 20, truck: 5, plane: 5, motorcycle: 5 };
}

export function travelTypeFor(rng: Rng, route: Route): TravelType {
  const weights = travelTypeWeights(route);
  const types = Object.keys(weights) as TravelType[];
  // A sure thing draws nothing from the generator (the demo data set depends on every draw).
  return types.length === 1 ? types[0]! : rng.weighted(weights as Record<TravelType, number>);
}

/** How long a trip lasts, in ms: half an hour to two days, in steps of five minutes. */
export function tripDuration(rng: Rng, type: TravelType, route: Route): number {
  const km = route.km;
  const sea = overSea(route) ? 20 : 0; // a ferry crossing for road vehicles
  const hours: Record<TravelType, number> = {
    plane: 1.5 + km / 750 + (km > 2500 ? rng.float(1, 5) : rng.float(0, 1)),
    car: km / 80 + 0.5 + sea,
    rental_car: km / 75 + 0.5,
    bus: km / 60 + 1,
    train: km / 120 + 0.5,
    truck: km / 60 + 2 + sea,
    taxi: km / 60 + 0.3,
    motorcycle: km / 75 + 0.3,
    bike: km / 16 + 0.5,
  };
  return roundTime(Math.min(48, Math.max(0.5, hours[type])) * HOUR);
}

/** Room offered, in kg (none said in 15 % of trips); a plane's checked baggage holds 23 kg. */
export function availableKgFor(rng: Rng, type: TravelType): number | null {
  return rng.chance(0.15) ? null : rng.int(2, type === 'plane' ? 23 : 30);
}
