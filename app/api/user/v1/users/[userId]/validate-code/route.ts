import { apiRoute, parseBody, requireSelf } from '@/lib/server/api';
import { validateCodeSchema } from '@/lib/schemas/auth';
import { validatePhoneCode } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/validate-code: { confirmationPhoneCode: 123456 }; verifies the phone
export const POST = apiRoute<{ userId: string }>(async ({ request, params }) => {
  await requireSelf(request, params.userId);
  const { confirmationPhoneCode } = await parseBody(request, validateCodeSchema);
  return validatePhoneCode(params.userId, confirmationPhoneCode);
});

export * from '@/lib/server/api-fallback';
