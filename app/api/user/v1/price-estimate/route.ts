import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { estimatePrice } from '@/lib/server/public/simulator';

// GET /api/user/v1/price-estimate?weight=5&from=Paris&to=Tunis&currency=EUR: a price range, explained
export const GET = route(endpoints.priceEstimate, async ({ query, locale }) => estimatePrice(query, locale));

export * from '@/lib/server/http/fallback';
