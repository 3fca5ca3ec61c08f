import 'server-only';
import type { ListingKind } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { route } from './route';
import { listingEndpointsOf } from './endpoints';
import {
  createListing,
  deleteListing,
  getListing,
  listListings,
  setListingStatus,
  updateListing,
} from '@/lib/server/listings/listings';

// The same six handlers for packages and travels; the route files only pick a kind.

export function listingCollectionRoutes(kind: ListingKind) {
  const endpoints = listingEndpointsOf[kind];
  return {
    // GET /api/user/v1/{packages|travels}: filtered, keyset-paginated list
    GET: route(endpoints.list, async ({ query }) => listListings(kind, query)),
    // POST /api/user/v1/{packages|travels}: publish a listing (the mobile app's call)
    POST: route(endpoints.create, async ({ user, body }) => createListing(kind, user.id, body)),
  };
}

export function listingItemRoutes(kind: ListingKind) {
  const endpoints = listingEndpointsOf[kind];
  return {
    // GET /api/user/v1/{packages|travels}/{id}
    GET: route(endpoints.get, async ({ params }) => {
      const listing = await getListing(kind, params.id);
      if (!listing) throw new AppError('NOT_FOUND');
      return listing;
    }),
    // PUT /api/user/v1/{packages|travels}/{id}: replace the listing's fields (owner only)
    PUT: route(endpoints.update, async ({ params, user, body }) => updateListing(kind, params.id, user.id, body)),
    // DELETE /api/user/v1/{packages|travels}/{id} (owner only)
    DELETE: route(endpoints.remove, async ({ params, user }) => {
      await deleteListing(kind, params.id, user.id);
      return null;
    }),
  };
}

export function listingStatusRoute(kind: ListingKind) {
  // POST /api/user/v1/{packages|travels}/{id}/status: { status } (owner only)
  return route(listingEndpointsOf[kind].setStatus, async ({ params, user, body }) =>
    setListingStatus(kind, params.id, user.id, body.status),
  );
}
