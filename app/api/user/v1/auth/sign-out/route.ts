import { route, withAuthCookies } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { signOut } from '@/lib/server/users';

// POST /api/user/v1/auth/sign-out: ends the session and clears its cookie
export const POST = route(endpoints.signOut, async ({ request }) =>
  withAuthCookies(null, await signOut(request.headers)),
);

export * from '@/lib/server/api-fallback';
