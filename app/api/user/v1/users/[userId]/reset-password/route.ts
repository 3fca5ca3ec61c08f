import { apiRoute, parseBody } from '@/lib/server/api';
import { resetPasswordSchema } from '@/lib/schemas/auth';
import { resetPassword } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/reset-password: a new password with the e-mailed token
export const POST = apiRoute<{ userId: string }>(async ({ request, params }) => {
  await resetPassword(params.userId, await parseBody(request, resetPasswordSchema));
  return { reset: true };
});

export * from '@/lib/server/api-fallback';
