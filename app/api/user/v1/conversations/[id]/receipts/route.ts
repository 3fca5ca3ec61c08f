import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { markReceipt } from '@/lib/server/deals/messaging';

// POST /api/user/v1/conversations/{id}/receipts: { status: delivered | read, upTo }
export const POST = route(endpoints.messaging.receipts, async ({ user, params, body }) =>
  markReceipt(user.id, params.id, body.status, body.upTo),
);

export * from '@/lib/server/http/fallback';
