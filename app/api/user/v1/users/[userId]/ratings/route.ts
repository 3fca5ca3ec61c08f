import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { rateMember } from '@/lib/server/ratings';

// POST /api/user/v1/users/{userId}/ratings: { score, comment }, once, after a deal
export const POST = route(endpoints.users.rate, async ({ user, params, body }) =>
  rateMember(user.id, params.userId, body),
);

export * from '@/lib/server/api-fallback';
