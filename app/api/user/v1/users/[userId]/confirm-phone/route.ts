import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { confirmPhone } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/confirm-phone: { phone: "+21620123456" }; sends a code by SMS
export const POST = route(endpoints.confirmPhone, async ({ params, body }) => confirmPhone(params.userId, body.phone));

export * from '@/lib/server/api-fallback';
