import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { sendMessage } from '@/lib/server/deals/messaging';

// POST /api/user/v1/conversations/{id}/messages: { body }
export const POST = route(endpoints.messaging.send, async ({ user, params, body }) =>
  sendMessage(user.id, params.id, body.body),
);

export * from '@/lib/server/http/fallback';
