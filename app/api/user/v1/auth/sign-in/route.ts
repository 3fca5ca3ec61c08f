import { route, withAuthCookies } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { signIn } from '@/lib/server/members/accounts';

// POST /api/user/v1/auth/sign-in: e-mail and password; sets the session cookie
export const POST = route(endpoints.signIn, async ({ request, body, address }) => {
  const { user, headers } = await signIn(body, request.headers, address);
  return withAuthCookies(user, headers);
});

export * from '@/lib/server/http/fallback';
