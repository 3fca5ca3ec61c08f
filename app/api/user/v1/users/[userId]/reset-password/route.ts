import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { resetPassword } from '@/lib/server/members/accounts';

// POST /api/user/v1/users/{userId}/reset-password: a new password with the e-mailed token
export const POST = route(endpoints.resetPassword, async ({ params, body }) => {
  await resetPassword(params.userId, body);
  return null;
});

export * from '@/lib/server/http/fallback';
