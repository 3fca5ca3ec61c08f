import { listingCollectionRoutes } from '@/lib/server/listing-routes';

export const { GET, POST } = listingCollectionRoutes('travel');
