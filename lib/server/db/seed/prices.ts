import type { Currency } from '@/lib/domain';
import { EU, type Route } from './geography';
import type { Rng } from './rng';
import { round } from './units';

// Usual prices per kilo by currency, for the demo seed and the benchmark data.

/** Price per kg: domestic and international ranges, and the rounding step, per currency. */
export const PRICES: Record<Currency, { domestic: [number, number]; abroad: [number, number]; step: number }> = {
  TND: { domestic: [3, 10], abroad: [15, 45], step: 0.5 },
  EUR: { domestic: [2, 6], abroad: [5, 15], step: 0.5 },
  MAD: { domestic: [15, 50], abroad: [50, 150], step: 5 },
  DZD: { domestic: [200, 600], abroad: [800, 2500], step: 50 },
  CHF: { domestic: [3, 8], abroad: [6, 16], step: 0.5 },
  GBP: { domestic: [4, 10], abroad: [5, 13], step: 0.5 },
  USD: { domestic: [5, 12], abroad: [6, 16], step: 0.5 },
};

/** Below this distance a trip abroad is priced like a domestic one. */
export const NEAR_KM = 400;

/** The route's usual currency: the one of the departure country. */
export function currencyOf(country: string): Currency {
  if (EU.has(country)) return 'EUR';
  const local: Record<string, Currency> = { TN: 'TND', MA: 'MAD', DZ: 'DZD', CH: 'CHF', GB: 'GBP' };
  return local[country] ?? 'USD';
}

/** The range of usual prices per kg on the route, in its currency. */
export function priceRange(route: Route): { currency: Currency; range: [number, number]; step: number } {
  const currency = currencyOf(route.from.country);
  const { domestic, abroad, step } = PRICES[currency];
  const near = route.from.country === route.to.country || route.km < NEAR_KM;
  return { currency, range: near ? domestic : abroad, step };
}

export function priceFor(rng: Rng, route: Route): { pricePerKg: number; currency: Currency } {
  const { currency, range, step } = priceRange(route);
  return { currency, pricePerKg: round(rng.float(range[0], range[1]), step) };
}
