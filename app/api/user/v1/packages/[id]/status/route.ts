import { listingStatusRoute } from '@/lib/server/listing-routes';

export const POST = listingStatusRoute('package');

export * from '@/lib/server/api-fallback';
