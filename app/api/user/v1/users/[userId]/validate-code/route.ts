import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { validatePhoneCode } from '@/lib/server/members/phone';

// POST /api/user/v1/users/{userId}/validate-code: { confirmationPhoneCode: 123456 }; verifies the phone
export const POST = route(endpoints.validateCode, async ({ params, body }) =>
  validatePhoneCode(params.userId, body.confirmationPhoneCode),
);

export * from '@/lib/server/http/fallback';
