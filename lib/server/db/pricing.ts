import type { packages } from './schema';

// Usual prices per kilo by currency, for the demo seed and the benchmark data.

type Currency = (typeof packages.$inferInsert)['currency'];

export const EU = new Set(['FR', 'IT', 'ES', 'BE', 'DE']);

export const PRICES: Record<Currency, { domestic: [number, number]; abroad: [number, number]; step: number }> = {
  TND: { domestic: [3, 10], abroad: [15, 45], step: 0.5 },
  EUR: { domestic: [2, 6], abroad: [5, 15], step: 0.5 },
  MAD: { domestic: [15, 50], abroad: [50, 150], step: 5 },
  DZD: { domestic: [200, 600], abroad: [800, 2500], step: 50 },
  CHF: { domestic: [3, 8], abroad: [6, 16], step: 0.5 },
  GBP: { domestic: [4, 10], abroad: [5, 13], step: 0.5 },
  USD: { domestic: [5, 12], abroad: [6, 16], step: 0.5 },
};

/** The route's usual currency: the one of the departure country. */
export function currencyOf(country: string): Currency {
  if (EU.has(country)) return 'EUR';
  const local: Record<string, Currency> = { TN: 'TND', MA: 'MAD', DZ: 'DZD', CH: 'CHF', GB: 'GBP' };
  return local[country] ?? 'USD';
}
