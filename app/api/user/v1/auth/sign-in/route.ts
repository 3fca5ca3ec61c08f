import { route, withAuthCookies } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { clientIp } from '@/lib/server/rate-limit';
import { signIn } from '@/lib/server/users';

// POST /api/user/v1/auth/sign-in: e-mail and password; sets the session cookie
export const POST = route(endpoints.signIn, async ({ request, body }) => {
  const { user, headers } = await signIn(body, request.headers, clientIp(request.headers));
  return withAuthCookies(user, headers);
});
