import { z } from '@/lib/zod';
import {
  currencies,
  defaultSort,
  listingKinds,
  listingStatuses,
  listPageSize,
  listSorts,
  parcelSizes,
  travelTypes,
} from '@/lib/domain';
import { listFilterKeys, type ListFilterKey } from '@/lib/routes';
import { isRealDate } from './days';
import { listingFields } from './listing-fields';

export { listingFields };
import { verifiedSchema } from './users';

// Listings (packages and travels): filters of the lists, and bodies of the API's writes.
// Messages are keys of the `Validation` namespace.

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T, description?: string) =>
  z.preprocess(blankToUndefined, (description ? schema.meta({ description }) : schema).optional());
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
    from: optional(
      z.string().trim().max(80, 'tooLong'),
      'Departure city (any of its names, in any language, from the gazetteer of /places).',
    ),
    to: optional(z.string().trim().max(80, 'tooLong'), 'Arrival city.'),
    fromCountry: optional(country, 'Departure country, ISO 3166-1 alpha-2.'),
    toCountry: optional(country, 'Arrival country, ISO 3166-1 alpha-2.'),
    after: optional(isoDay, 'Departures on or after this day (YYYY-MM-DD).'),
    before: optional(isoDay, 'Departures on or before this day (YYYY-MM-DD).'),
    minWeight: optional(positive('weightPositive'), 'Packages: minimum weight in kg; travels: minimum free kilos.'),
    maxWeight: optional(positive('weightPositive'), 'Packages: maximum weight in kg (ignored for travels).'),
    maxPrice: optional(positive('pricePositive'), 'Maximum price per kg.'),
    type: optional(z.enum(travelTypes, { error: 'typeUnknown' }), 'Travels only: means of transport.'),
    status: optional(
      z.enum([...listingStatuses, 'all'], { error: 'statusUnknown' }),
      'A listing status, or `all`; without it, open listings only.',
    ),
    sort: optional(z.enum(listSorts, { error: 'sortUnknown' }).meta({ default: defaultSort }), 'Order of the list.'),
    cursor: optional(z.string().max(200), 'The `nextCursor` of the previous page.'),
    limit: optional(
      z.coerce.number().int().min(1).max(listPageSize.max).meta({ default: listPageSize.default }),
      'Page size.',
    ),
    verified: optional(
      z.enum(['1'], { error: 'verifiedUnknown' }),
      '`1`: only listings of members whose identity staff verified.',
    ),
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
  placeId: z
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: 'The gazetteer id of a suggestion of /places: that city exactly, whatever `city` says.' }),
});

const dateTime = z.coerce
  .date({ error: 'dateInvalid' })
  .refine((d) => d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2099, 'dateInvalid');

const listingBase = {
  from: place,
  to: place,
  startedAt: dateTime,
  endedAt: dateTime,
  pricePerKg: listingFields.pricePerKg,
  currency: listingFields.currency,
};
const datesInOrder = {
  check: (v: { startedAt?: Date; endedAt?: Date }) => !v.startedAt || !v.endedAt || v.endedAt > v.startedAt,
  options: { path: ['endedAt'], message: 'departureBeforeArrival' },
};

export const packageInputSchema = z
  .object({
    ...listingBase,
    name: listingFields.name,
    description: listingFields.description,
    weightKg: listingFields.weightKg,
    size: listingFields.size.optional().meta({ description: 'Size category (lib/domain.ts parcelSizes).' }),
    contents: listingFields.contents.optional().meta({ description: 'What the parcel holds, in words.' }),
    noProhibitedItems: listingFields.noProhibitedItems.optional().meta({
      description: 'The owner declares that the parcel holds nothing prohibited (the site’s form requires it).',
    }),
  })
  .refine(datesInOrder.check, datesInOrder.options);
export type PackageInput = z.infer<typeof packageInputSchema>;

export const travelInputSchema = z
  .object({
    ...listingBase,
    travelType: listingFields.travelType,
    availableKg: listingFields.availableKg,
    description: listingFields.description,
  })
  .refine(datesInOrder.check, datesInOrder.options);
export type TravelInput = z.infer<typeof travelInputSchema>;

export const statusInputSchema = z.object({ status: z.enum(listingStatuses, { error: 'statusUnknown' }) });

// ---------------------------------------------------------------- answers (lib/server/listings/listings.ts returns these types)

const placeSchema = z.object({
  city: z.string(),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2' }),
  placeId: z.number().int().nullable(),
  lat: z.number(),
  lng: z.number(),
});

export const listingOwnerSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().min(0),
  verified: verifiedSchema,
});

export const listingSummarySchema = z.object({
  kind: z.enum(listingKinds),
  id: z.string(),
  from: placeSchema,
  to: placeSchema,
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  pricePerKg: z.number(),
  currency: z.enum(currencies),
  status: z.enum(listingStatuses),
  createdAt: z.iso.datetime(),
  name: z.string().nullable().meta({ description: 'Packages: the title.' }),
  weightKg: z.number().nullable().meta({ description: 'Packages: the weight.' }),
  travelType: z.enum(travelTypes).nullable().meta({ description: 'Travels: the means of transport.' }),
  availableKg: z.number().nullable().meta({ description: 'Travels: the free kilos.' }),
  cover: z.string().nullable().meta({ description: 'Packages: storage key of the first image.' }),
  owner: listingOwnerSchema,
});
export type ListingSummary = z.infer<typeof listingSummarySchema>;

export const listingImageSchema = z.object({ key: z.string(), width: z.number().int(), height: z.number().int() });

export const listingDetailSchema = listingSummarySchema.extend({
  description: z.string(),
  images: z.array(listingImageSchema),
  size: z.enum(parcelSizes).nullable().meta({ description: 'Packages: the size category, when given.' }),
  contents: z.string().nullable().meta({ description: 'Packages: what it holds, when given.' }),
  noProhibitedItems: z.boolean().meta({ description: 'Packages: the owner declared it holds nothing prohibited.' }),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const listingPageSchema = z.object({
  items: z.array(listingSummarySchema),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last one.' }),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

/** Every image of a package, in order, after an upload. */
export const packageImagesSchema = z.array(listingImageSchema.extend({ position: z.number().int().min(0) }));
