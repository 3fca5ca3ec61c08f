import { route, withAuthCookies } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { signOut } from '@/lib/server/members/accounts';

// POST /api/user/v1/auth/sign-out: ends the session and clears its cookie
export const POST = route(endpoints.signOut, async ({ request }) =>
  withAuthCookies(null, await signOut(request.headers)),
);

export * from '@/lib/server/http/fallback';
