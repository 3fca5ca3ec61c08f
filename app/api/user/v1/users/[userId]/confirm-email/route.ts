import { apiRoute, parseBody, withAuthCookies } from '@/lib/server/api';
import { confirmEmailSchema } from '@/lib/schemas/auth';
import { confirmEmail } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/confirm-email: the token of the e-mailed link; signs the user in
export const POST = apiRoute<{ userId: string }>(async ({ request, params }) => {
  const { token } = await parseBody(request, confirmEmailSchema);
  const { user, headers } = await confirmEmail(params.userId, token);
  return withAuthCookies(user, headers);
});

export * from '@/lib/server/api-fallback';
