import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { exportData } from '@/lib/server/members/my-data';

// GET /api/user/v1/me/export: everything stored about the member, as a JSON file to download
export const GET = route(endpoints.me.export, async ({ user }) => {
  const data = await exportData(user.id);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="colibri-data-${new Date().toISOString().slice(0, 10)}.json"`,
    },
  });
});

export * from '@/lib/server/http/fallback';
