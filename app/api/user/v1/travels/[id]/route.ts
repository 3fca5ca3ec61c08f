import { listingItemRoutes } from '@/lib/server/http/listing-routes';

export const { GET, PUT, DELETE } = listingItemRoutes('travel');

export * from '@/lib/server/http/fallback';
