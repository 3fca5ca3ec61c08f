import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { acceptProposal } from '@/lib/server/deals/proposals';

// POST /api/user/v1/proposals/{id}/accept
export const POST = route(endpoints.proposals.accept, async ({ user, params }) => acceptProposal(user.id, params.id));

export * from '@/lib/server/http/fallback';
