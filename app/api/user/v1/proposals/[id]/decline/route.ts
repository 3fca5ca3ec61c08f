import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { declineProposal } from '@/lib/server/proposals';

// POST /api/user/v1/proposals/{id}/decline
export const POST = route(endpoints.proposals.decline, async ({ user, params }) => declineProposal(user.id, params.id));

export * from '@/lib/server/api-fallback';
