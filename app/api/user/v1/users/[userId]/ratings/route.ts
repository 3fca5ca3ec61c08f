import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { rateMember } from '@/lib/server/members/ratings';

// POST /api/user/v1/users/{userId}/ratings: { score, comment }, once, after a deal
export const POST = route(endpoints.users.rate, async ({ user, params, body }) =>
  rateMember(user.id, params.userId, body),
);

export * from '@/lib/server/http/fallback';
