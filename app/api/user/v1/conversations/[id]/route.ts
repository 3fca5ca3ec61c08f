import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { getConversation } from '@/lib/server/deals/messaging';

// GET /api/user/v1/conversations/{id}?before=: a conversation and a page of its messages
export const GET = route(endpoints.messaging.get, async ({ user, params, query }) =>
  getConversation(user.id, params.id, query.before),
);

export * from '@/lib/server/http/fallback';
