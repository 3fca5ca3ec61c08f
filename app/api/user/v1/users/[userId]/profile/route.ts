import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { getProfile } from '@/lib/server/profiles';

// GET /api/user/v1/users/{userId}/profile: the public profile (and the viewer's possible actions)
export const GET = route(endpoints.users.profile, async ({ user, params }) =>
  getProfile(params.userId, user?.id ?? null),
);

export * from '@/lib/server/api-fallback';
