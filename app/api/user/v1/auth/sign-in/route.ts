import { apiRoute, parseBody, withAuthCookies } from '@/lib/server/api';
import { clientIp } from '@/lib/server/rate-limit';
import { signInSchema } from '@/lib/schemas/auth';
import { signIn } from '@/lib/server/users';

// POST /api/user/v1/auth/sign-in: e-mail and password; sets the session cookie
export const POST = apiRoute(async ({ request }) => {
  const { user, headers } = await signIn(
    await parseBody(request, signInSchema),
    request.headers,
    clientIp(request.headers),
  );
  return withAuthCookies(user, headers);
});

export * from '@/lib/server/api-fallback';
