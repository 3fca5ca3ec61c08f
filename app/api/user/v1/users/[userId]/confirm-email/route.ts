import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmEmail } from '@/lib/server/members/accounts';

// POST /api/user/v1/users/{userId}/confirm-email: the token of the e-mailed link (never signs in)
export const POST = route(endpoints.confirmEmail, async ({ params, body }) => {
  await confirmEmail(params.userId, body.token);
  return null;
});

export * from '@/lib/server/http/fallback';
