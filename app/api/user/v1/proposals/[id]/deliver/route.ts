import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { deliver } from '@/lib/server/proposals';

// POST /api/user/v1/proposals/{id}/deliver: { code }; the carrier types the code the sender gave
export const POST = route(endpoints.proposals.deliver, async ({ user, params, body }) =>
  deliver(user.id, params.id, body.code),
);

export * from '@/lib/server/api-fallback';
