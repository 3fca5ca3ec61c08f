import { listingCollectionRoutes } from '@/lib/server/listing-routes';

export const { GET, POST } = listingCollectionRoutes('travel');

export * from '@/lib/server/api-fallback';
