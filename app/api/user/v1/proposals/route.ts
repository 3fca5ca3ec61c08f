import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { listProposals, propose } from '@/lib/server/deals/proposals';

// GET /api/user/v1/proposals: the viewer's proposals, sent and received
export const GET = route(endpoints.proposals.list, async ({ user, query }) => listProposals(user.id, query));

// POST /api/user/v1/proposals: { listingKind, listingId, amount }; propose a price
export const POST = route(endpoints.proposals.propose, async ({ user, body }) => propose(user.id, body));

export * from '@/lib/server/http/fallback';
