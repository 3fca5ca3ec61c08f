import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmAccountDeletion } from '@/lib/server/members/settings';
import { sessionCookieNames } from '@/lib/session-cookie';

// POST /api/user/v1/me/deletion/confirm: { token } of the link e-mailed to a member without a password
export const POST = route(endpoints.me.confirmDeletion, async ({ body }) => {
  const response = Response.json({ success: true, data: await confirmAccountDeletion(body.token) });
  for (const name of sessionCookieNames)
    response.headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return response;
});

export * from '@/lib/server/http/fallback';
