import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { getConversation } from '@/lib/server/messaging';

// GET /api/user/v1/conversations/{id}?before=: a conversation and a page of its messages
export const GET = route(endpoints.messaging.get, async ({ user, params, query }) =>
  getConversation(user.id, params.id, query.before),
);

export * from '@/lib/server/api-fallback';
