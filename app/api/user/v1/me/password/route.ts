import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { changePassword } from '@/lib/server/members/settings';

// POST /api/user/v1/me/password: { currentPassword, password, confirmPassword }
export const POST = route(endpoints.me.password, async ({ user, request, body }) => {
  await changePassword(user.id, request.headers, body);
  return null;
});

export * from '@/lib/server/http/fallback';
