import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { actOnListing } from '@/lib/server/moderation/moderation';

// POST /api/user/v1/moderation/listings/{id}/actions: { kind, action, reason }, staff
export const POST = route(endpoints.moderation.listingAction, async ({ user, params, body }) => {
  await actOnListing(user.id, params.id, body);
  return null;
});

export * from '@/lib/server/http/fallback';
