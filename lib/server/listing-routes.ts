import 'server-only';
import { apiRoute, parseBody, parseInput, requireUser } from './api';
import { createListing, deleteListing, getListing, listListings, setListingStatus, updateListing } from './listings';
import { AppError } from '@/lib/errors';
import { type ListingKind } from '@/lib/domain';
import { listingFiltersSchema, packageInputSchema, statusInputSchema, travelInputSchema } from '@/lib/schemas/listings';

// The same six handlers for packages and travels; the route files only pick a kind.

const inputSchema = { package: packageInputSchema, travel: travelInputSchema } as const;

export function listingCollectionRoutes(kind: ListingKind) {
  return {
    // GET /api/user/v1/{packages|travels}: filtered, keyset-paginated list
    GET: apiRoute(async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      return listListings(kind, parseInput(query, listingFiltersSchema));
    }),
    // POST /api/user/v1/{packages|travels}: publish a listing (the mobile app's call)
    POST: apiRoute(async ({ request }) => {
      const user = await requireUser(request);
      return createListing(kind, user.id, await parseBody(request, inputSchema[kind]));
    }),
  };
}

export function listingItemRoutes(kind: ListingKind) {
  return {
    // GET /api/user/v1/{packages|travels}/{id}
    GET: apiRoute<{ id: string }>(async ({ params }) => {
      const listing = await getListing(kind, params.id);
      if (!listing) throw new AppError('NOT_FOUND');
      return listing;
    }),
    // PUT /api/user/v1/{packages|travels}/{id}: replace the listing's fields (owner only)
    PUT: apiRoute<{ id: string }>(async ({ request, params }) => {
      const user = await requireUser(request);
      return updateListing(kind, params.id, user.id, await parseBody(request, inputSchema[kind]));
    }),
    // DELETE /api/user/v1/{packages|travels}/{id} (owner only)
    DELETE: apiRoute<{ id: string }>(async ({ request, params }) => {
      const user = await requireUser(request);
      await deleteListing(kind, params.id, user.id);
      return { deleted: true };
    }),
  };
}

export function listingStatusRoute(kind: ListingKind) {
  // POST /api/user/v1/{packages|travels}/{id}/status: { status } (owner only)
  return apiRoute<{ id: string }>(async ({ request, params }) => {
    const user = await requireUser(request);
    const { status } = await parseBody(request, statusInputSchema);
    return setListingStatus(kind, params.id, user.id, status);
  });
}
