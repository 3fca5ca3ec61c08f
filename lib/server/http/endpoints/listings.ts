import 'server-only';
import type { z } from '@/lib/zod';
import { imageLimits, type ListingKind } from '@/lib/domain';
import { acknowledgementSchema } from '@/lib/schemas/api';
import {
  listingDetailSchema,
  listingFiltersSchema,
  listingPageSchema,
  packageImagesSchema,
  packageInputSchema,
  statusInputSchema,
  travelInputSchema,
} from '@/lib/schemas/listings';
import { endpoint } from './declare';

// Packages and travels: the same six endpoints for each kind, and a package's photos.

/** Names of the request bodies in the OpenAPI document's components. */
export const listingRequestSchemas: [z.ZodType, string][] = [
  [packageInputSchema, 'PackageInput'],
  [travelInputSchema, 'TravelInput'],
  [statusInputSchema, 'StatusInput'],
];

/** The API's collection of each listing kind (`/packages`, `/travels`). */
export const apiCollections = { package: 'packages', travel: 'travels' } as const satisfies Record<ListingKind, string>;

function listingKindEndpoints<const K extends ListingKind>(kind: K) {
  const collection = `/${apiCollections[kind]}` as const;
  const tag = kind === 'package' ? 'Packages' : 'Travels';
  const input = kind === 'package' ? packageInputSchema : travelInputSchema;
  const a = kind === 'package' ? 'a package' : 'a travel';
  return {
    list: endpoint({
      method: 'GET',
      path: collection,
      tag,
      summary: `List ${apiCollections[kind]}: filtered, keyset-paginated`,
      query: listingFiltersSchema,
      data: listingPageSchema,
      errors: ['VALIDATION_FAILED'],
    }),
    create: endpoint({
      method: 'POST',
      path: collection,
      tag,
      summary: `Publish ${a}`,
      description: 'The departure may not be before today in Tunisia, nor the arrival before the departure.',
      session: 'required',
      body: input,
      data: listingDetailSchema,
      errors: [],
    }),
    get: endpoint({
      method: 'GET',
      path: `${collection}/{id}`,
      tag,
      summary: `One ${kind}, with its details`,
      data: listingDetailSchema,
      errors: ['NOT_FOUND'],
    }),
    update: endpoint({
      method: 'PUT',
      path: `${collection}/{id}`,
      tag,
      summary: `Replace the fields of ${a} (owner only)`,
      description:
        'A changed date may not be in the past (Tunisia). Under a deal (accepted, in transit or delivered) the route and dates cannot change: LISTING_HAS_DEAL.',
      session: 'required',
      body: input,
      data: listingDetailSchema,
      errors: ['FORBIDDEN', 'NOT_FOUND', 'LISTING_HAS_DEAL'],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${collection}/{id}`,
      tag,
      summary: `Delete ${a} (owner only)`,
      description: 'Never one with a deal (LISTING_HAS_DEAL): the other side keeps their deal and their right to rate.',
      session: 'required',
      data: acknowledgementSchema,
      errors: ['FORBIDDEN', 'NOT_FOUND', 'LISTING_HAS_DEAL'],
    }),
    setStatus: endpoint({
      method: 'POST',
      path: `${collection}/{id}/status`,
      tag,
      summary: `Change the status of ${a} (owner only), along the transition table`,
      description:
        'The changes an owner may make are in docs/architecture.md ("Listing states"); a package goes in transit and is delivered by its deal’s handover codes, not here.',
      session: 'required',
      body: statusInputSchema,
      data: listingDetailSchema,
      errors: ['FORBIDDEN', 'NOT_FOUND', 'LISTING_STATUS_NOT_ALLOWED', 'LISTING_HAS_DEAL'],
    }),
  };
}

export const listingEndpoints = {
  packages: listingKindEndpoints('package'),
  travels: listingKindEndpoints('travel'),
  packageImages: endpoint({
    method: 'POST',
    path: '/packages/{id}/images',
    tag: 'Packages',
    summary: `Add images to a package (owner only; up to ${imageLimits.perListing} per listing)`,
    session: 'required',
    body: 'images',
    data: packageImagesSchema,
    errors: [
      'NO_FILE',
      'TOO_MANY_IMAGES',
      'FORBIDDEN',
      'NOT_FOUND',
      'IMAGE_TOO_BIG',
      'IMAGE_TOO_MANY_PIXELS',
      'UNSUPPORTED_FORMAT',
      'RATE_LIMITED',
    ],
  }),
};
