import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { resendConfirmationTo } from '@/lib/server/users';

// POST /api/user/v1/auth/resend-confirmation: { email }; a new confirmation link, if the address has an unconfirmed account
export const POST = route(endpoints.resendConfirmationTo, async ({ body, address }) => {
  await resendConfirmationTo(body.email, address);
  return null;
});

export * from '@/lib/server/api-fallback';
