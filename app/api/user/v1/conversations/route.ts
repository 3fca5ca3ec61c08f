import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { listConversations, openConversation } from '@/lib/server/deals/messaging';

// GET /api/user/v1/conversations: the inbox
export const GET = route(endpoints.messaging.list, async ({ user, query }) => listConversations(user.id, query));

// POST /api/user/v1/conversations: { listingKind, listingId, body? }; write to a listing's owner
export const POST = route(endpoints.messaging.open, async ({ user, locale, body }) =>
  openConversation(user.id, locale, body),
);

export * from '@/lib/server/http/fallback';
