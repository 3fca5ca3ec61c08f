import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { declineProposal } from '@/lib/server/deals/proposals';

// POST /api/user/v1/proposals/{id}/decline
export const POST = route(endpoints.proposals.decline, async ({ user, params }) => declineProposal(user.id, params.id));

export * from '@/lib/server/http/fallback';
