import { listingItemRoutes } from '@/lib/server/listing-routes';

export const { GET, PUT, DELETE } = listingItemRoutes('travel');

export * from '@/lib/server/api-fallback';
