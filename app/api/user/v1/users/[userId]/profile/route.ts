import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { getProfile } from '@/lib/server/members/profiles';

// GET /api/user/v1/users/{userId}/profile: the public profile (and the viewer's possible actions)
export const GET = route(endpoints.users.profile, async ({ user, params }) =>
  getProfile(params.userId, user?.id ?? null),
);

export * from '@/lib/server/http/fallback';
