import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { requestPasswordReset } from '@/lib/server/members/accounts';

// POST /api/user/v1/auth/forgot-password: e-mails a reset link (same answer for unknown addresses)
export const POST = route(endpoints.forgotPassword, async ({ body, address }) => {
  await requestPasswordReset(body, address);
  return null;
});

export * from '@/lib/server/http/fallback';
