import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmPhone } from '@/lib/server/members/phone';

// POST /api/user/v1/users/{userId}/confirm-phone: { phone: "+21620123456" }; sends a code by SMS
export const POST = route(endpoints.confirmPhone, async ({ params, body }) => confirmPhone(params.userId, body.phone));

export * from '@/lib/server/http/fallback';
