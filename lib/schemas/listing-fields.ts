import { z } from '@/lib/zod';
import { currencies, listingTextLimits, parcelSizes, travelTypes } from '@/lib/domain';

// A listing's fields and their rules, for the API's bodies (./listings.ts) and the site's publishing
// form (./publish.ts). Apart from ./listings.ts so that the form's page loads zod and these alone.
// Messages are keys of the `Validation` namespace.

export const listingFields = {
  pricePerKg: z.coerce.number({ error: 'pricePositive' }).positive('pricePositive').max(100000, 'pricePositive'),
  currency: z.enum(currencies, { error: 'currencyRequired' }),
  name: z.string().trim().min(1, 'titleRequired').max(listingTextLimits.nameMax, 'tooLong'),
  description: z.string().trim().max(listingTextLimits.descriptionMax, 'tooLong').default(''),
  weightKg: z.coerce.number({ error: 'weightPositive' }).positive('weightPositive').max(1000, 'weightPositive'),
  travelType: z.enum(travelTypes, { error: 'typeUnknown' }),
  availableKg: z.coerce.number().positive('weightPositive').max(1000, 'weightPositive').optional(),
  size: z.enum(parcelSizes, { error: 'sizeRequired' }),
  contents: z.string().trim().max(listingTextLimits.contentsMax, 'tooLong'),
  noProhibitedItems: z.literal(true, { error: 'declarationRequired' }),
};
