import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { validatePhoneCode } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/validate-code: { confirmationPhoneCode: 123456 }; verifies the phone
export const POST = route(endpoints.validateCode, async ({ params, body }) =>
  validatePhoneCode(params.userId, body.confirmationPhoneCode),
);

export * from '@/lib/server/api-fallback';
