import { apiRoute, parseBody, requireSelf } from '@/lib/server/api';
import { confirmPhoneSchema } from '@/lib/schemas/auth';
import { confirmPhone } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/confirm-phone: { phone: "+21620123456" }; sends a code by SMS
export const POST = apiRoute<{ userId: string }>(async ({ request, params }) => {
  await requireSelf(request, params.userId);
  const { phone } = await parseBody(request, confirmPhoneSchema);
  return confirmPhone(params.userId, phone);
});

export * from '@/lib/server/api-fallback';
