import { listingCollectionRoutes } from '@/lib/server/listing-routes';

export const { GET, POST } = listingCollectionRoutes('package');

export * from '@/lib/server/api-fallback';
