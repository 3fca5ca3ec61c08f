import { listingStatusRoute } from '@/lib/server/listing-routes';

export const POST = listingStatusRoute('travel');
