import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { sendMessage } from '@/lib/server/messaging';

// POST /api/user/v1/conversations/{id}/messages: { body }
export const POST = route(endpoints.messaging.send, async ({ user, params, body }) =>
  sendMessage(user.id, params.id, body.body),
);

export * from '@/lib/server/api-fallback';
