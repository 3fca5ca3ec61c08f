import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { cancelProposal } from '@/lib/server/deals/proposals';

// POST /api/user/v1/proposals/{id}/cancel
export const POST = route(endpoints.proposals.cancel, async ({ user, params }) => cancelProposal(user.id, params.id));

export * from '@/lib/server/http/fallback';
