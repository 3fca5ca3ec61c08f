import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { deliver } from '@/lib/server/deals/proposals';

// POST /api/user/v1/proposals/{id}/deliver: { code }; the carrier types the code the sender gave
export const POST = route(endpoints.proposals.deliver, async ({ user, params, body }) =>
  deliver(user.id, params.id, body.code),
);

export * from '@/lib/server/http/fallback';
