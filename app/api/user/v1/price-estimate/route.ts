import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { estimatePrice } from '@/lib/server/simulator';

// GET /api/user/v1/price-estimate?weight=5&from=Paris&to=Tunis&currency=EUR: a price range, explained
export const GET = route(endpoints.priceEstimate, async ({ query, locale }) => estimatePrice(query, locale));

export * from '@/lib/server/api-fallback';
