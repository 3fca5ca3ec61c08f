import { z } from '@/lib/zod';

/** GET places: the start of a city name, and a country to search in. */
export const placesQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => (q ?? '').slice(0, 80))
    .meta({ description: 'The start of a city name (80 characters used).' }),
  country: z
    .string()
    .optional()
    .transform((country) => country?.trim().toUpperCase() || undefined)
    .meta({ description: 'ISO 3166-1 alpha-2 country.' }),
});

export const placeSuggestionsSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string().meta({ description: 'In the caller’s language.' }),
    country: z.string(),
    lat: z.number(),
    lng: z.number(),
  }),
);
