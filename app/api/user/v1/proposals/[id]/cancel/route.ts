import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { cancelProposal } from '@/lib/server/proposals';

// POST /api/user/v1/proposals/{id}/cancel
export const POST = route(endpoints.proposals.cancel, async ({ user, params }) => cancelProposal(user.id, params.id));

export * from '@/lib/server/api-fallback';
