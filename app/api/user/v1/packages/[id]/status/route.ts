import { listingStatusRoute } from '@/lib/server/http/listing-routes';

export const POST = listingStatusRoute('package');

export * from '@/lib/server/http/fallback';
