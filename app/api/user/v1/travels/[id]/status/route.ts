import { listingStatusRoute } from '@/lib/server/http/listing-routes';

export const POST = listingStatusRoute('travel');

export * from '@/lib/server/http/fallback';
