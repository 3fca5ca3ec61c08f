import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { acceptProposal } from '@/lib/server/proposals';

// POST /api/user/v1/proposals/{id}/accept
export const POST = route(endpoints.proposals.accept, async ({ user, params }) => acceptProposal(user.id, params.id));

export * from '@/lib/server/api-fallback';
