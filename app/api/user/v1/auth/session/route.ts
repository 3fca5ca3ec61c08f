import { apiRoute } from '@/lib/server/api';
import { getSessionUser } from '@/lib/server/session';
import { mirrorUser } from '@/lib/server/users';

// GET /api/user/v1/auth/session: the signed-in user as the browser mirrors it, or null
export const GET = apiRoute(async ({ request }) => {
  const user = await getSessionUser(request.headers);
  return user ? mirrorUser(user.id) : null;
});

export * from '@/lib/server/api-fallback';
