import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { actOnMember } from '@/lib/server/moderation/moderation';

// POST /api/user/v1/moderation/members/{userId}/actions: { action, reason }, staff
export const POST = route(endpoints.moderation.memberAction, async ({ user, params, body }) => {
  await actOnMember(user.id, params.userId, body);
  return null;
});

export * from '@/lib/server/http/fallback';
