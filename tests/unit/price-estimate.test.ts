/** @jest-environment node */
import {
  defaultBand,
  defaultPerKg,
  estimate,
  guidance,
  roundRange,
  type RouteSamples,
} from '@/lib/server/public/price-estimate';
import { convert, referenceRates } from '@/lib/reference-rates';
import fc from 'fast-check';
import { currencies, priceEstimateRules } from '@/lib/domain';

// The price simulator's formula (lib/server/public/price-estimate.ts), without a database.

const samples = (over: Partial<RouteSamples> = {}): RouteSamples => ({
  count: 12,
  listings: 9,
  p25: 6,
  p75: 10,
  listingMin: 4.2,
  listingMax: 15,
  ...over,
});

describe('the reference rates', () => {
  it('are dated and cover every currency of the marketplace', () => {
    expect(referenceRates.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const currency of currencies) expect(referenceRates.perEuro[currency]).toBeGreaterThan(0);
  });

  it('convert through the euro, both ways', () => {
    expect(convert(10, 'EUR', 'EUR')).toBe(10);
    expect(convert(10, 'EUR', 'TND')).toBeCloseTo(10 * referenceRates.perEuro.TND);
    expect(convert(convert(25, 'MAD', 'CHF'), 'CHF', 'MAD')).toBeCloseTo(25);
  });
});

describe('the default table', () => {
  it('covers every distance, without gaps, cheaper when nearer', () => {
    expect(defaultBand(0)).toEqual({ low: 2, high: 5 });
    expect(defaultBand(300)).toEqual({ low: 2, high: 5 });
    expect(defaultBand(301)).toEqual({ low: 4, high: 8 });
    expect(defaultBand(1480)).toEqual({ low: 6, high: 12 });
    expect(defaultBand(20000)).toEqual({ low: 9, high: 16 });
    for (let i = 1; i < defaultPerKg.length; i++) {
      expect(defaultPerKg[i]!.low).toBeGreaterThan(defaultPerKg[i - 1]!.low);
      expect(defaultPerKg[i]!.high).toBeGreaterThan(defaultPerKg[i - 1]!.high);
    }
  });
});

describe('rounding', () => {
  it('goes outwards to the step, keeps a step at least, and the ends apart', () => {
    expect(roundRange(6.2, 9.1, 0.5)).toEqual({ low: 6, high: 9.5 });
    expect(roundRange(0.1, 0.2, 1)).toEqual({ low: 1, high: 2 });
    expect(roundRange(10, 10, 1)).toEqual({ low: 10, high: 11 });
    expect(roundRange(10, 10, 1, false)).toEqual({ low: 10, high: 10 });
    // No binary fractions: 20.46 TND in steps of 0.5 is 20.000 to 20.500, not 20.499999.
    expect(roundRange(20.46, 20.46, 0.5)).toEqual({ low: 20, high: 20.5 });
  });
});

describe('the estimate', () => {
  it('uses the route’s middle half when it has enough prices', () => {
    const result = estimate({ weightKg: 5, distanceKm: 1480, currency: 'EUR', samples: samples() });
    expect(result).toEqual({
      basis: 'prices',
      billableKg: 5,
      perKg: { low: 6, high: 10 },
      total: { low: 30, high: 50 },
    });
  });

  it(`uses the default table below ${priceEstimateRules.minSamples} prices, or without a route`, () => {
    const few = samples({ count: priceEstimateRules.minSamples - 1 });
    expect(estimate({ weightKg: 5, distanceKm: 1480, currency: 'EUR', samples: few })).toEqual({
      basis: 'default',
      billableKg: 5,
      perKg: { low: 6, high: 12 },
      total: { low: 30, high: 60 },
    });
    expect(estimate({ weightKg: 5, distanceKm: 1480, currency: 'EUR', samples: null }).basis).toBe('default');
    const exactly = samples({ count: priceEstimateRules.minSamples });
    expect(estimate({ weightKg: 5, distanceKm: 1480, currency: 'EUR', samples: exactly }).basis).toBe('prices');
  });

  it('converts to the chosen currency before rounding to its steps', () => {
    const result = estimate({ weightKg: 5, distanceKm: 1480, currency: 'TND', samples: samples() });
    const rate = referenceRates.perEuro.TND;
    expect(result.perKg).toEqual(roundRange(6 * rate, 10 * rate, 0.5));
    expect(result.total).toEqual({ low: result.perKg.low * 5, high: result.perKg.high * 5 });
    const dinars = estimate({ weightKg: 5, distanceKm: 1480, currency: 'DZD', samples: samples() });
    expect(dinars.perKg.low % 10).toBe(0);
    expect(dinars.total.low % 50).toBe(0);
  });

  it('totals the shown price per kg: 8.50 to 12.00 a kg for 5 kg is 42.50 to 60.00', () => {
    const result = estimate({
      weightKg: 5,
      distanceKm: 1480,
      currency: 'EUR',
      samples: samples({ p25: 8.7, p75: 11.6 }),
    });
    expect(result.perKg).toEqual({ low: 8.5, high: 12 });
    expect(result.total).toEqual({ low: 42.5, high: 60 });
  });

  it('totals the shown price per kg times the shown weight, for any weight, route and currency (property)', () => {
    const minor = (currency: string) => (currency === 'TND' ? 0.001 : 0.01);
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: priceEstimateRules.maxWeightKg, noNaN: true }),
        fc.integer({ min: 0, max: 20000 }),
        fc.constantFrom(...currencies),
        fc.option(fc.tuple(fc.double({ min: 0.5, max: 40, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }))),
        (weightKg, distanceKm, currency, quartiles) => {
          const route = quartiles ? samples({ p25: quartiles[0], p75: quartiles[0] + quartiles[1] }) : null;
          const result = estimate({ weightKg, distanceKm, currency, samples: route });
          // The weight shown has two decimals: the billable weight is exactly that.
          expect(result.billableKg).toBe(Math.max(Number(weightKg.toFixed(2)), priceEstimateRules.minBillableKg));
          for (const end of ['low', 'high'] as const) {
            const exact = result.perKg[end] * result.billableKg;
            expect(Math.abs(result.total[end] - exact)).toBeLessThanOrEqual(minor(currency) / 2 + 1e-9);
          }
          expect(result.total.high).toBeGreaterThan(result.total.low);
        },
      ),
      { numRuns: 500 },
    );
  });

  it(`prices a parcel under ${priceEstimateRules.minBillableKg} kg as ${priceEstimateRules.minBillableKg} kg`, () => {
    const light = estimate({ weightKg: 0.3, distanceKm: 100, currency: 'EUR', samples: null });
    expect(light.billableKg).toBe(1);
    expect(light.total).toEqual({ low: 2, high: 5 });
  });

  it('grows with the weight', () => {
    const small = estimate({ weightKg: 2, distanceKm: 800, currency: 'MAD', samples: null });
    const big = estimate({ weightKg: 20, distanceKm: 800, currency: 'MAD', samples: null });
    expect(big.total.low).toBeGreaterThan(small.total.low);
    expect(big.total.high).toBeGreaterThan(small.total.high);
  });
});

describe('the price guidance', () => {
  it('gives the listings’ lowest and highest price in the currency, rounded outwards', () => {
    expect(guidance(samples(), 'EUR')).toEqual({ listings: 9, perKg: { low: 4, high: 15 } });
    expect(guidance(samples({ listingMin: 10, listingMax: 10 }), 'EUR')).toEqual({
      listings: 9,
      perKg: { low: 10, high: 10 },
    });
  });

  it('says there is none when the route has no listing', () => {
    expect(guidance(samples({ listings: 0, listingMin: null, listingMax: null }), 'TND')).toEqual({
      listings: 0,
      perKg: null,
    });
  });
});
