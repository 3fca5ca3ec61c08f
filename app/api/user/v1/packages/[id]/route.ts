import { listingItemRoutes } from '@/lib/server/listing-routes';

export const { GET, PUT, DELETE } = listingItemRoutes('package');
