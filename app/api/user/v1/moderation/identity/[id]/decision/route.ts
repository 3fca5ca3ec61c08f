import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { decideIdentity } from '@/lib/server/moderation/identity';

// POST /api/user/v1/moderation/identity/{id}/decision: { decision, reason }, staff
export const POST = route(endpoints.moderation.identityDecision, async ({ user, params, body }) => {
  await decideIdentity(user.id, params.id, body);
  return null;
});

export * from '@/lib/server/http/fallback';
