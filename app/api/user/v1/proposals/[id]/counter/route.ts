import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { counterProposal } from '@/lib/server/proposals';

// POST /api/user/v1/proposals/{id}/counter: { amount }; the owner's counter-proposal
export const POST = route(endpoints.proposals.counter, async ({ user, params, body }) =>
  counterProposal(user.id, params.id, body.amount),
);

export * from '@/lib/server/api-fallback';
