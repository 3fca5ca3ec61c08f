import { listingItemRoutes } from '@/lib/server/listing-routes';

export const { GET, PUT, DELETE } = listingItemRoutes('package');

export * from '@/lib/server/api-fallback';
