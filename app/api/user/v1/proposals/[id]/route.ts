import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { editProposal, getProposal } from '@/lib/server/deals/proposals';

// GET /api/user/v1/proposals/{id}: one proposal (participants only)
export const GET = route(endpoints.proposals.get, async ({ user, params }) => getProposal(user.id, params.id));

// PUT /api/user/v1/proposals/{id}: { amount }; the proposer changes it while pending
export const PUT = route(endpoints.proposals.edit, async ({ user, params, body }) =>
  editProposal(user.id, params.id, body.amount),
);

export * from '@/lib/server/http/fallback';
