import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { markReceipt } from '@/lib/server/messaging';

// POST /api/user/v1/conversations/{id}/receipts: { status: delivered | read, upTo }
export const POST = route(endpoints.messaging.receipts, async ({ user, params, body }) =>
  markReceipt(user.id, params.id, body.status, body.upTo),
);

export * from '@/lib/server/api-fallback';
