import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { requestPasswordReset } from '@/lib/server/users';

// POST /api/user/v1/auth/forgot-password: e-mails a reset link (same answer for unknown addresses)
export const POST = route(endpoints.forgotPassword, async ({ body, address }) => {
  await requestPasswordReset(body, address);
  return null;
});

export * from '@/lib/server/api-fallback';
