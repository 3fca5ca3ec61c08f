import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { nearbyOffers } from '@/lib/server/public/nearby';

// GET /api/user/v1/nearby?lat=36.8&lng=10.18&radius=50&type=all: the offers around a point, nearest first
export const GET = route(endpoints.nearby, async ({ query, locale }) => nearbyOffers(query, locale));

export * from '@/lib/server/http/fallback';
