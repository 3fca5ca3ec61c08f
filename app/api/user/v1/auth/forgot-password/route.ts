import { apiRoute, parseBody } from '@/lib/server/api';
import { forgotPasswordSchema } from '@/lib/schemas/auth';
import { requestPasswordReset } from '@/lib/server/users';

// POST /api/user/v1/auth/forgot-password: e-mails a reset link (same answer for unknown addresses)
export const POST = apiRoute(async ({ request }) => {
  await requestPasswordReset(await parseBody(request, forgotPasswordSchema));
  return { sent: true };
});

export * from '@/lib/server/api-fallback';
