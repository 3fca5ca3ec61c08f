import { z } from '@/lib/zod';
import { currencies } from '@/lib/domain';

// A route (a city pair of the gazetteer): the prices asked on it, as its page shows them (GET
// /route-prices, the publishing form's price hint). Messages are keys of the `Validation` namespace.

const placeId = z.coerce
  .number({ error: 'cityUnknown' })
  .int('cityUnknown')
  .meta({ description: 'A gazetteer id, as GET /places gives them.' });

export const routePricesQuerySchema = z.object({ from: placeId, to: placeId });

const end = z.object({
  id: z.number().int(),
  name: z.string().meta({ description: 'In the caller’s language.' }),
  country: z.string(),
});

export const routePricesSchema = z.object({
  from: end,
  to: end,
  path: z.string().nullable().meta({
    description: 'The route page, after the language prefix (`/envoi-colis/paris/tunis`); null for one city twice.',
  }),
  windowDays: z.number().int().meta({ description: 'The prices are those asked on the route within these days.' }),
  prices: z
    .array(
      z.object({
        currency: z.enum(currencies),
        count: z.number().int().meta({ description: 'Listings of both kinds asking this currency.' }),
        median: z.number(),
        low: z.number(),
        high: z.number(),
      }),
    )
    .meta({ description: 'Per kilo, per currency, the most used first; empty when no listing asked a price.' }),
});
export type RoutePrices = z.infer<typeof routePricesSchema>;
