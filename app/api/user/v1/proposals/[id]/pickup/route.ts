import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { pickUp } from '@/lib/server/deals/proposals';

// POST /api/user/v1/proposals/{id}/pickup: { code }; the carrier types the code the sender gave
export const POST = route(endpoints.proposals.pickup, async ({ user, params, body }) =>
  pickUp(user.id, params.id, body.code),
);

export * from '@/lib/server/http/fallback';
