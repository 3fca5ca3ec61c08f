import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { routePricesOf } from '@/lib/server/public/routes';

// GET /api/user/v1/route-prices?from=2988507&to=2464470: the prices asked on a route (the publishing form's hint)
export const GET = route(endpoints.routePrices, async ({ query, locale }) => routePricesOf(query, locale));

export * from '@/lib/server/http/fallback';
