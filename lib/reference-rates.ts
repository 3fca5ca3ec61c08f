import type { Currency } from './domain';

// Reference exchange rates of the price simulator: a dated table kept in the repository, not a live
// service (a page must not depend on a third party, and an estimate must be reproducible). The
// simulator shows the date beside every converted price. To update: change the rates and the date
// together, and the line of docs/architecture.md that quotes the date.

export const referenceRates = {
  /** The day the rates were taken (ISO date). */
  asOf: '2025-10-31',
  /** Units of each currency for 1 euro, rounded. */
  perEuro: {
    EUR: 1,
    TND: 3.41,
    MAD: 10.7,
    DZD: 151,
    CHF: 0.93,
    USD: 1.16,
    GBP: 0.88,
  },
} as const satisfies { asOf: string; perEuro: Record<Currency, number> };

/** An amount in another currency, at the reference rates. */
export function convert(amount: number, from: Currency, to: Currency): number {
  if (from === to) return amount;
  return (amount / referenceRates.perEuro[from]) * referenceRates.perEuro[to];
}
