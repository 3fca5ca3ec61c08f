import { z } from 'zod';
import { currencies, listingStatuses, listPageSize, listSorts, travelTypes } from '@/lib/domain';
import { listFilterKeys, type ListFilterKey } from '@/lib/routes';
import { isRealDate } from './auth';

// Listings (packages and travels): filters of the lists, and bodies of the API's writes.
// Messages are keys of the `Validation` namespace.

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const isoDay = z.string().refine(isRealDate, 'dateInvalid');
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'countryUnknown')
  .transform((v) => v.toUpperCase());
const positive = (message: string) => z.coerce.number({ error: message }).positive(message).max(100000, message);

/** Filters of colis and trajets, from the URL (a GET form) or the API's query string. */
export const listingFiltersSchema = z
  .object({
    from: optional(z.string().trim().max(80, 'tooLong')),
    to: optional(z.string().trim().max(80, 'tooLong')),
    fromCountry: optional(country),
    toCountry: optional(country),
    after: optional(isoDay),
    before: optional(isoDay),
    minWeight: optional(positive('weightPositive')),
    maxWeight: optional(positive('weightPositive')),
    maxPrice: optional(positive('pricePositive')),
    type: optional(z.enum(travelTypes, { error: 'typeUnknown' })),
    status: optional(z.enum([...listingStatuses, 'all'], { error: 'statusUnknown' })),
    sort: optional(z.enum(listSorts, { error: 'sortUnknown' })),
    cursor: optional(z.string().max(200)),
    limit: optional(z.coerce.number().int().min(1).max(listPageSize.max).meta({ default: listPageSize.default })),
  } satisfies Record<ListFilterKey, z.ZodType>)
  .refine((f) => !f.after || !f.before || f.after <= f.before, { path: ['before'], message: 'datesInverted' })
  .refine((f) => f.minWeight === undefined || f.maxWeight === undefined || f.minWeight <= f.maxWeight, {
    path: ['maxWeight'],
    message: 'weightsInverted',
  });
export type ListingFilters = z.infer<typeof listingFiltersSchema>;

/** The query string of a filtered list: the same filters, in a stable order, without blanks or a page size. */
export function filtersToQuery(filters: Partial<Record<keyof ListingFilters, unknown>>): string {
  const params = new URLSearchParams();
  for (const key of listFilterKeys) {
    if (key === 'limit') continue;
    const value = filters[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

const place = z.object({
  city: z.string().trim().min(1, 'addressRequired').max(80, 'tooLong'),
  country: country.optional(),
});

const dateTime = z.coerce
  .date({ error: 'dateInvalid' })
  .refine((d) => d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2099, 'dateInvalid');

const listingBase = {
  from: place,
  to: place,
  startedAt: dateTime,
  endedAt: dateTime,
  pricePerKg: z.coerce.number({ error: 'pricePositive' }).positive('pricePositive').max(100000, 'pricePositive'),
  currency: z.enum(currencies, { error: 'currencyRequired' }),
};
const datesInOrder = {
  check: (v: { startedAt?: Date; endedAt?: Date }) => !v.startedAt || !v.endedAt || v.endedAt > v.startedAt,
  options: { path: ['endedAt'], message: 'departureBeforeArrival' },
};

export const packageInputSchema = z
  .object({
    ...listingBase,
    name: z.string().trim().min(1, 'titleRequired').max(120, 'tooLong'),
    description: z.string().trim().max(2000, 'tooLong').default(''),
    weightKg: z.coerce.number({ error: 'weightPositive' }).positive('weightPositive').max(1000, 'weightPositive'),
  })
  .refine(datesInOrder.check, datesInOrder.options);
export type PackageInput = z.infer<typeof packageInputSchema>;

export const travelInputSchema = z
  .object({
    ...listingBase,
    travelType: z.enum(travelTypes, { error: 'typeUnknown' }),
    availableKg: z.coerce.number().positive('weightPositive').max(1000, 'weightPositive').optional(),
    description: z.string().trim().max(2000, 'tooLong').default(''),
  })
  .refine(datesInOrder.check, datesInOrder.options);
export type TravelInput = z.infer<typeof travelInputSchema>;

export const statusInputSchema = z.object({ status: z.enum(listingStatuses, { error: 'statusUnknown' }) });
