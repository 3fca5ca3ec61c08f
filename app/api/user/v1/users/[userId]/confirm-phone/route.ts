import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmPhone, pendingPhone } from '@/lib/server/members/phone';

// POST /api/user/v1/users/{userId}/confirm-phone: { phone: "+21620123456", channel? }; sends a code by SMS or WhatsApp
export const POST = route(endpoints.confirmPhone, async ({ params, body }) =>
  confirmPhone(params.userId, body.phone, body.channel),
);

// GET /api/user/v1/users/{userId}/confirm-phone: the code waiting, and what became of its message
export const GET = route(endpoints.pendingPhone, async ({ params }) => pendingPhone(params.userId));

export * from '@/lib/server/http/fallback';
