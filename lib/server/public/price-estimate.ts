import 'server-only';
import { priceEstimateRules, type Currency } from '@/lib/domain';
import { convert } from '@/lib/reference-rates';

// The price simulator's formula, in one place (docs/architecture.md states it; price-estimate.test.ts checks
// it). No database here: lib/server/public/simulator.ts reads the route's real prices and calls estimate().
//
// 1. Prices per kg on the route: listings published in the last 90 days (packages and trips), and the
//    deals accepted on those parcels (amount / weight), converted to euros at the reference rates.
// 2. With at least `minSamples` of them, the range per kg is their middle half (first to third
//    quartile); with fewer, the default table below, by distance.
// 3. The range per kg, in the chosen currency, rounded outwards to the currency's step; the total is
//    that shown range times the weight (to the hundredth of a kg; a parcel under 1 kg counts as 1 kg).

/** What lib/server/public/simulator.ts reads of a route: prices per kg in euros. */
export type RouteSamples = {
  /** Listings and accepted deals together. */
  count: number;
  /** Listings alone (the price guidance counts these). */
  listings: number;
  /** First and third quartiles of every sample (null without any). */
  p25: number | null;
  p75: number | null;
  /** The lowest and highest listing (null without listings). */
  listingMin: number | null;
  listingMax: number | null;
};

/**
 * The default table: euros per kg by distance, for routes with too few real prices. Set from the
 * usual prices of the demo routes (lib/server/db/seed/prices.ts): domestic trips a few euros a kilo,
 * a flight across the Mediterranean about 6 to 12, longer hauls more.
 */
export const defaultPerKg: readonly { maxKm: number; low: number; high: number }[] = [
  { maxKm: 300, low: 2, high: 5 },
  { maxKm: 1000, low: 4, high: 8 },
  { maxKm: 3000, low: 6, high: 12 },
  { maxKm: Number.POSITIVE_INFINITY, low: 9, high: 16 },
];

/** Prices per kg are rounded outwards to these steps (the total follows from them). */
export const roundingSteps: Record<Currency, { perKg: number }> = {
  EUR: { perKg: 0.5 },
  TND: { perKg: 0.5 },
  MAD: { perKg: 1 },
  DZD: { perKg: 10 },
  CHF: { perKg: 0.5 },
  USD: { perKg: 0.5 },
  GBP: { perKg: 0.5 },
};

export type Range = { low: number; high: number };

export type Estimate = {
  /** `prices`: from the route's real prices; `default`: from the default table. */
  basis: 'prices' | 'default';
  /** The weight the price is for. */
  billableKg: number;
  perKg: Range;
  total: Range;
};

/** The default table's row for a distance. */
export function defaultBand(distanceKm: number): Range {
  const band = defaultPerKg.find((row) => distanceKm <= row.maxKm) ?? defaultPerKg[defaultPerKg.length - 1]!;
  return { low: band.low, high: band.high };
}

/** Whether a route has enough real prices to be estimated from them. */
export function enoughSamples(samples: RouteSamples | null): samples is RouteSamples & { p25: number; p75: number } {
  return !!samples && samples.count >= priceEstimateRules.minSamples && samples.p25 !== null && samples.p75 !== null;
}

// Three decimals at most (TND's millimes): no 12.000000001 from binary fractions.
const tidy = (value: number) => Math.round(value * 1000) / 1000;

/**
 * A range rounded outwards to `step`: the low end down (one step at least), the high end up, and
 * (unless `apart` is false) at least a step apart.
 */
export function roundRange(low: number, high: number, step: number, apart = true): Range {
  const lowRounded = Math.max(step, Math.floor(tidy(low / step)) * step);
  let highRounded = Math.max(lowRounded, Math.ceil(tidy(high / step)) * step);
  if (apart && highRounded <= lowRounded) highRounded = lowRounded + step;
  return { low: tidy(lowRounded), high: tidy(highRounded) };
}

/** An amount to the currency's smallest unit (cents; TND's millimes). */
export function inMinorUnits(amount: number, currency: Currency): number {
  const unit = currency === 'TND' ? 1000 : 100;
  return Math.round(tidy(amount) * unit) / unit;
}

export function estimate(input: {
  weightKg: number;
  distanceKm: number;
  currency: Currency;
  samples: RouteSamples | null;
}): Estimate {
  const { weightKg, distanceKm, currency, samples } = input;
  const fromPrices = enoughSamples(samples);
  const euros = fromPrices ? { low: samples.p25, high: samples.p75 } : defaultBand(distanceKm);
  const low = convert(euros.low, 'EUR', currency);
  const high = convert(euros.high, 'EUR', currency);
  // The weight as the page shows it (two decimals), so that the total is the shown price times the shown weight.
  const billableKg = Math.max(Math.round(weightKg * 100) / 100, priceEstimateRules.minBillableKg);
  const perKg = roundRange(low, high, roundingSteps[currency].perKg);
  return {
    basis: fromPrices ? 'prices' : 'default',
    billableKg,
    perKg,
    total: {
      low: inMinorUnits(perKg.low * billableKg, currency),
      high: inMinorUnits(perKg.high * billableKg, currency),
    },
  };
}

/** "On this route: from X to Y per kg, N listings": the listings' lowest and highest price, in a currency. */
export function guidance(samples: RouteSamples, currency: Currency): { listings: number; perKg: Range | null } {
  if (!samples.listings || samples.listingMin === null || samples.listingMax === null)
    return { listings: 0, perKg: null };
  return {
    listings: samples.listings,
    perKg: roundRange(
      convert(samples.listingMin, 'EUR', currency),
      convert(samples.listingMax, 'EUR', currency),
      roundingSteps[currency].perKg,
      false,
    ),
  };
}
