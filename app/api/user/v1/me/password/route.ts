import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { changePassword } from '@/lib/server/account';

// POST /api/user/v1/me/password: { currentPassword, password, confirmPassword }
export const POST = route(endpoints.me.password, async ({ user, request, body }) => {
  await changePassword(user.id, request.headers, body);
  return null;
});

export * from '@/lib/server/api-fallback';
