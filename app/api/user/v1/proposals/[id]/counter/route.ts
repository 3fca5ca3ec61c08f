import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { counterProposal } from '@/lib/server/deals/proposals';

// POST /api/user/v1/proposals/{id}/counter: { amount }; the owner's counter-proposal
export const POST = route(endpoints.proposals.counter, async ({ user, params, body }) =>
  counterProposal(user.id, params.id, body.amount),
);

export * from '@/lib/server/http/fallback';
