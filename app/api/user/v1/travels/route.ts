import { listingCollectionRoutes } from '@/lib/server/http/listing-routes';

export const { GET, POST } = listingCollectionRoutes('travel');

export * from '@/lib/server/http/fallback';
