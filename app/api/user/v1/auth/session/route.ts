import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { mirrorUser } from '@/lib/server/members/member';

// GET /api/user/v1/auth/session: the signed-in user as the browser mirrors it, or null
export const GET = route(endpoints.session, async ({ user }) => (user ? mirrorUser(user.id) : null));

export * from '@/lib/server/http/fallback';
