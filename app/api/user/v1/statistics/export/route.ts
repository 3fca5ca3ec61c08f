import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { statisticsCsv } from '@/lib/server/traffic/csv';
import { statistics } from '@/lib/server/traffic/statistics';

// GET /api/user/v1/statistics/export?from=&to=: staff, the same figures as a CSV file
export const GET = route(endpoints.statistics.export, async ({ query, locale }) => {
  const stats = await statistics(query, locale);
  return new Response(statisticsCsv(stats), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="colibri-statistics-${stats.from}-${stats.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
});

export * from '@/lib/server/http/fallback';
