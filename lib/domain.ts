// The marketplace's words, each defined once: the database enums (lib/server/db/schema.ts), the zod
// schemas (lib/schemas/), the OpenAPI document and the screens all derive from these lists.
// Relative imports only here: drizzle-kit reads the schema without the `@/` alias.

export const listingKinds = ['package', 'travel'] as const;
export type ListingKind = (typeof listingKinds)[number];

/** Senders look for trips and travellers for parcels: an empty list points to the other kind. */
export function otherKind(kind: ListingKind): ListingKind {
  return kind === 'package' ? 'travel' : 'package';
}

export const listingStatuses = ['upcoming', 'active', 'in_transit', 'finished', 'expired'] as const;
export type ListingStatus = (typeof listingStatuses)[number];
/** The statuses a list shows unless its status filter says otherwise. */
export const openStatuses = ['upcoming', 'active'] as const satisfies readonly ListingStatus[];

export function isOpenStatus(status: ListingStatus): boolean {
  return (openStatuses as readonly ListingStatus[]).includes(status);
}

export const travelTypes = [
  'plane',
  'car',
  'rental_car',
  'motorcycle',
  'bike',
  'bus',
  'train',
  'truck',
  'taxi',
] as const;
export type TravelType = (typeof travelTypes)[number];

export const currencies = ['TND', 'EUR', 'MAD', 'DZD', 'CHF', 'USD', 'GBP'] as const;
export type Currency = (typeof currencies)[number];

/** Orders of a list: departure date, price per kg, newest first. */
export const listSorts = ['date', 'price', 'recent'] as const;
export type ListSort = (typeof listSorts)[number];
export const defaultSort: ListSort = 'date';
/** Listings per page of a list, unless the caller asks for another size up to the maximum. */
export const listPageSize = { default: 12, max: 50 } as const;

export const proposalStatuses = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

export const messageStatuses = ['sent', 'delivered', 'read'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messageKinds = ['text', 'proposal_sent', 'proposal_accepted', 'proposal_declined'] as const;
export type MessageKind = (typeof messageKinds)[number];

/** Photos (of a listing, of a message): at most 10 a listing (the first is the cover), 5 MB each, in
 * these formats as read from the content (specification, section 9). */
export const imageLimits = {
  perListing: 10,
  maxBytes: 5 * 1024 * 1024,
  formats: ['jpeg', 'png', 'webp', 'avif', 'heif', 'gif'],
} as const;

/** Request bodies: JSON and plain forms; multipart uploads (a listing's photos at once, and room for the parts' headers). */
export const requestLimits = {
  jsonBytes: 64 * 1024,
  multipartBytes: imageLimits.perListing * imageLimits.maxBytes + 512 * 1024,
} as const;

/**
 * The map of offers around me (autour-de-moi): open listings whose departure city lies within a radius
 * of a point, nearest first. The specification leaves the default radius "not shown": 50 km covers a
 * city and its suburbs (Tunis, Ariana, Ben Arous, La Marsa). The type filter: every kind, or one.
 */
// Marked pure: the site's shared chunks hold this module, and a spread the minifier cannot drop would
// ship in every page that does not use it.
export const nearbyTypes = /* @__PURE__ */ (() => ['all', ...listingKinds] as const)();
export type NearbyType = (typeof nearbyTypes)[number];
export const nearbyRadiusKm = { min: 1, max: 500, default: 50, choices: [10, 25, 50, 100, 250, 500] } as const;
/** Offers an answer holds at most: the nearest ones (the page shows the default number). */
export const nearbyLimit = { default: 50, max: 200 } as const;
/** Where the map starts before the visitor shares a position or picks a city, and the time zone
 * when the browser's cannot be read (specification, section 9). */
export const nearbyDefaultPlace = { city: 'Tunis', country: 'TN' } as const;
export const defaultTimeZone = 'Africa/Tunis';
