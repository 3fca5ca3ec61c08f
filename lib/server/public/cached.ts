import 'server-only';
import { unstable_cache } from 'next/cache';
import { type ListingKind } from '@/lib/domain';
import type { Locale } from '@/lib/i18n/locales';
import { type ListingFilters } from '@/lib/schemas/listings';
import type { NearbyQuery } from '@/lib/schemas/nearby';
import { getListing, listingTags, listListings, typicalPrices } from '@/lib/server/listings/listings';
import { routeSamples, type SampleRoute } from './simulator';
import { nearbyOffers } from './nearby';
import { listingMatches, type MatchSource } from '@/lib/server/listings/matches';
import { busiestRoutes, routeOverview, type RouteEnds } from './routes';

// Reads of public pages, kept in Next's data cache under the listings' tags: a write calls
// revalidateTag (lib/server/listings/listings.ts), so a new listing shows at the next request, and a warm
// page costs no database query. Results are plain JSON.

export function cachedListings(kind: ListingKind, filters: ListingFilters) {
  return unstable_cache(() => listListings(kind, filters), ['listings', kind, JSON.stringify(filters)], {
    tags: [listingTags.all, listingTags.kind(kind)],
    revalidate: 3600,
  })();
}

export function cachedListing(kind: ListingKind, id: string) {
  return unstable_cache(() => getListing(kind, id), ['listing', kind, id], {
    tags: [listingTags.all, listingTags.one(kind, id)],
    revalidate: 3600,
  })();
}

export function cachedTypicalPrices(country: string) {
  return unstable_cache(() => typicalPrices(country), ['typical-prices', country], {
    tags: [listingTags.all],
    revalidate: 3600,
  })();
}

/** The real prices of a route, for the simulator's result page (the API reads them uncached). */
export function cachedRouteSamples(route: SampleRoute) {
  return unstable_cache(() => routeSamples(route), ['route-samples', JSON.stringify(route)], {
    tags: [listingTags.all],
    revalidate: 3600,
  })();
}

export function cachedNearby(query: NearbyQuery, locale: Locale) {
  return unstable_cache(() => nearbyOffers(query, locale), ['nearby', locale, JSON.stringify(query)], {
    tags: [listingTags.all],
    revalidate: 3600,
  })();
}

/** The other kind's listings on a listing's route around its dates: any write of that kind may change them. */
export function cachedMatches(source: MatchSource) {
  const key = [source.kind, source.id, source.from.placeId, source.to.placeId, source.from.country, source.to.country];
  return unstable_cache(
    () => listingMatches(source),
    ['matches', ...key.map(String), source.startedAt, source.owner.id],
    {
      tags: [listingTags.all, listingTags.kind(source.kind === 'package' ? 'travel' : 'package')],
      revalidate: 3600,
    },
  )();
}

/** A route page's reads (lib/server/public/routes.ts): any listing write may change them. */
export function cachedRouteOverview(route: RouteEnds) {
  return unstable_cache(() => routeOverview(route), ['route', String(route.from.id), String(route.to.id)], {
    tags: [listingTags.all],
    revalidate: 3600,
  })();
}

export function cachedBusiestRoutes(country: string) {
  return unstable_cache(() => busiestRoutes(country), ['busiest-routes', country], {
    tags: [listingTags.all],
    revalidate: 3600,
  })();
}
