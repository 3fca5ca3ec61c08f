import { listingStatusRoute } from '@/lib/server/listing-routes';

export const POST = listingStatusRoute('travel');

export * from '@/lib/server/api-fallback';
