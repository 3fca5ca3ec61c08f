import { route, withAuthCookies } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { signIn } from '@/lib/server/users';

// POST /api/user/v1/auth/sign-in: e-mail and password; sets the session cookie
export const POST = route(endpoints.signIn, async ({ request, body, address }) => {
  const { user, headers } = await signIn(body, request.headers, address);
  return withAuthCookies(user, headers);
});

export * from '@/lib/server/api-fallback';
