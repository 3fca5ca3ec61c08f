import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { deleteAccount, getSettings, updateSettings } from '@/lib/server/members/settings';
import { sessionCookieNames } from '@/lib/session-cookie';

// GET /api/user/v1/me: the member's own account
export const GET = route(endpoints.me.get, async ({ user }) => getSettings(user.id));

// PATCH /api/user/v1/me: names, preferred language, e-mail switches
export const PATCH = route(endpoints.me.update, async ({ user, body }) => updateSettings(user.id, body));

// DELETE /api/user/v1/me: { password }; the account and what the privacy page says go, the cookie too
// (without a password: a link is e-mailed, and the session stays until it is followed)
export const DELETE = route(endpoints.me.remove, async ({ user, body }) => {
  const deletion = await deleteAccount(user.id, body.password);
  if (deletion.status === 'link-sent') return deletion;
  const response = Response.json({ success: true, data: deletion });
  for (const name of sessionCookieNames)
    response.headers.append('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return response;
});

export * from '@/lib/server/http/fallback';
