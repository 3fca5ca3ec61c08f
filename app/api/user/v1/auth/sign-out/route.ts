import { apiRoute, withAuthCookies } from '@/lib/server/api';
import { signOut } from '@/lib/server/users';

// POST /api/user/v1/auth/sign-out: ends the session and clears its cookie
export const POST = apiRoute(async ({ request }) => withAuthCookies(null, await signOut(request.headers)));

export * from '@/lib/server/api-fallback';
