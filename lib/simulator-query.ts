import type { Locale } from './i18n/locales';
import type { SimulatorCurrency } from './domain';

// The simulator's query string, without zod (the browser's simulator imports this, not the schema).

/** The query keys, in the order of a shareable URL (lib/schemas/simulator.ts parses them). */
export const priceEstimateKeys = ['weight', 'from', 'to', 'distance', 'currency'] as const;
export type PriceEstimateKey = (typeof priceEstimateKeys)[number];

/** The query string of a result: the same keys, in a stable order, without blanks. */
export function priceEstimateToQuery(values: Partial<Record<PriceEstimateKey, unknown>>): string {
  const params = new URLSearchParams();
  for (const key of priceEstimateKeys) {
    const value = values[key];
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(key, String(value).trim());
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The currency the simulator starts with: dinars on the Arabic pages, euros elsewhere. */
export function defaultSimulatorCurrency(locale: Locale): SimulatorCurrency {
  return locale === 'ar' || locale === 'ar-TN' ? 'TND' : 'EUR';
}
