import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { setLike } from '@/lib/server/profiles';

// PUT /api/user/v1/users/{userId}/like
export const PUT = route(endpoints.users.like, async ({ user, params }) => setLike(user.id, params.userId, true));

// DELETE /api/user/v1/users/{userId}/like
export const DELETE = route(endpoints.users.unlike, async ({ user, params }) => setLike(user.id, params.userId, false));

export * from '@/lib/server/api-fallback';
