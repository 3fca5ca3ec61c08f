import { z } from '@/lib/zod';
import { priceEstimateRules, simulatorCurrencies } from '@/lib/domain';
import { priceEstimateKeys } from '@/lib/simulator-query';

// The price simulator: its query (the simulateur-prix form, a GET form, and GET /price-estimate) and
// its answer. Messages are keys of the `Validation` namespace.

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const city = z.preprocess(blankToUndefined, z.string().trim().max(80, 'tooLong').optional());

export const priceEstimateQuerySchema = z
  .object({
    weight: z.coerce
      .number({ error: 'weightPositive' })
      .positive('weightPositive')
      .max(priceEstimateRules.maxWeightKg, 'weightTooHigh')
      .meta({ description: 'Weight of the parcel in kg.' }),
    from: city.meta({ description: 'Departure city (any of its names, in any language, from the gazetteer).' }),
    to: city.meta({ description: 'Arrival city.' }),
    distance: z
      .preprocess(
        blankToUndefined,
        z.coerce
          .number({ error: 'distancePositive' })
          .positive('distancePositive')
          .max(priceEstimateRules.maxDistanceKm, 'distanceTooLong')
          .optional(),
      )
      .meta({ description: 'Distance in km, when no cities are given (the cities’ distance wins).' }),
    currency: z
      .preprocess(blankToUndefined, z.enum(simulatorCurrencies, { error: 'currencyRequired' }).default('EUR'))
      .meta({ description: 'Currency of the estimate.' }),
  } satisfies Record<(typeof priceEstimateKeys)[number], z.ZodType>)
  .superRefine((query, ctx) => {
    if (query.from && !query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'addressRequired' });
    if (query.to && !query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'addressRequired' });
    if (!query.from && !query.to && query.distance === undefined)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'routeOrDistance' });
  });
export type PriceEstimateQuery = z.infer<typeof priceEstimateQuerySchema>;

const range = z.object({ low: z.number(), high: z.number() });
const routeEnd = z.object({
  id: z.number().int(),
  name: z.string().meta({ description: 'In the caller’s language.' }),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2' }),
});

export const priceEstimateSchema = z.object({
  weightKg: z.number(),
  billableKg: z.number().meta({ description: 'The weight priced: a parcel under 1 kg counts as 1 kg.' }),
  distanceKm: z.number().int(),
  currency: z.enum(simulatorCurrencies),
  from: routeEnd.nullable(),
  to: routeEnd.nullable(),
  basis: z.enum(['prices', 'default']).meta({
    description: '`prices`: the middle half of real prices on the route; `default`: the default table, by distance.',
  }),
  scope: z.enum(['cities', 'countries', 'distance']).meta({
    description: 'Which route the real prices were read for: the two cities, the two countries, or none.',
  }),
  samples: z.number().int().meta({ description: 'Prices read on the route (listings and accepted deals).' }),
  perKg: range,
  total: range,
  guidance: z
    .object({ listings: z.number().int(), perKg: range.nullable() })
    .nullable()
    .meta({ description: 'Listings on the route in the last 90 days, and their lowest and highest price per kg.' }),
  ratesDate: z.iso.date().meta({ description: 'The date of the reference exchange rates.' }),
  text: z
    .object({
      total: z.string(),
      perKg: z.string(),
      explanation: z.string(),
      guidance: z.string().nullable(),
      rates: z.string(),
    })
    .meta({ description: 'The same, as sentences in the caller’s language.' }),
});
export type PriceEstimate = z.infer<typeof priceEstimateSchema>;
