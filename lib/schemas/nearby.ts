import { z } from '@/lib/zod';
import {
  currencies,
  listingKinds,
  nearbyLimit,
  nearbyRadiusKm,
  nearbyTypes,
  openStatuses,
  travelTypes,
} from '@/lib/domain';

// The offers around a point (GET nearby, the autour-de-moi page). Messages are `Validation` keys.

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const coordinate = (limit: number, message: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).min(-limit, message).max(limit, message));

export const nearbyQuerySchema = z.object({
  lat: coordinate(90, 'latitudeInvalid').meta({ description: 'Latitude of the centre, in degrees (WGS 84).' }),
  lng: coordinate(180, 'longitudeInvalid').meta({ description: 'Longitude of the centre, in degrees (WGS 84).' }),
  radius: z
    .preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'radiusInvalid' })
        .min(nearbyRadiusKm.min, 'radiusInvalid')
        .max(nearbyRadiusKm.max, 'radiusInvalid')
        .default(nearbyRadiusKm.default),
    )
    .meta({ description: `Radius in km, from ${nearbyRadiusKm.min} to ${nearbyRadiusKm.max}.` }),
  type: z
    .preprocess(blankToUndefined, z.enum(nearbyTypes, { error: 'nearbyTypeUnknown' }).default('all'))
    .meta({ description: 'Which offers: `package` (parcels to carry), `travel` (trips), or `all`.' }),
  limit: z
    .preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'limitInvalid' })
        .int('limitInvalid')
        .min(1, 'limitInvalid')
        .max(nearbyLimit.max, 'limitInvalid')
        .default(nearbyLimit.default),
    )
    .meta({ description: 'How many of the nearest offers, at most.' }),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

const endSchema = z.object({
  city: z.string().meta({ description: 'In the caller’s language (X-Locale).' }),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2' }),
});

export const nearbyOfferSchema = z.object({
  kind: z.enum(listingKinds),
  id: z.string(),
  status: z.enum(openStatuses),
  distanceKm: z.number().min(0).meta({ description: 'From the centre to the departure city, to 0.1 km.' }),
  from: endSchema.extend({ lat: z.number(), lng: z.number() }),
  to: endSchema,
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  pricePerKg: z.number(),
  currency: z.enum(currencies),
  name: z.string().nullable().meta({ description: 'Packages: the title.' }),
  weightKg: z.number().nullable().meta({ description: 'Packages: the weight.' }),
  travelType: z.enum(travelTypes).nullable().meta({ description: 'Travels: the means of transport.' }),
});
export type NearbyOffer = z.infer<typeof nearbyOfferSchema>;

export const nearbyAnswerSchema = z.object({
  items: z.array(nearbyOfferSchema).meta({
    description:
      'Open listings (upcoming or active) leaving from within the radius, nearest first; at the same distance (the same city), soonest departure first.',
  }),
  more: z.boolean().meta({ description: 'More offers lie within the radius than `limit`: these are the nearest.' }),
});
export type NearbyAnswer = z.infer<typeof nearbyAnswerSchema>;
