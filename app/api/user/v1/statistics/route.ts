import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { statistics } from '@/lib/server/traffic/statistics';

// GET /api/user/v1/statistics?from=&to=: staff
export const GET = route(endpoints.statistics.get, async ({ query, locale }) => statistics(query, locale));

export * from '@/lib/server/http/fallback';
