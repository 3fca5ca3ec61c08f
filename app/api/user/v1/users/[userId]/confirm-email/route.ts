import { route, withAuthCookies } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmEmail } from '@/lib/server/members/accounts';

// POST /api/user/v1/users/{userId}/confirm-email: the token of the e-mailed link; signs the user in
export const POST = route(endpoints.confirmEmail, async ({ params, body }) => {
  const { user, headers } = await confirmEmail(params.userId, body.token);
  return withAuthCookies(user, headers);
});

export * from '@/lib/server/http/fallback';
