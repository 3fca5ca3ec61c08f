import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { setLike } from '@/lib/server/members/profiles';

// PUT /api/user/v1/users/{userId}/like
export const PUT = route(endpoints.users.like, async ({ user, params }) => setLike(user.id, params.userId, true));

// DELETE /api/user/v1/users/{userId}/like
export const DELETE = route(endpoints.users.unlike, async ({ user, params }) => setLike(user.id, params.userId, false));

export * from '@/lib/server/http/fallback';
