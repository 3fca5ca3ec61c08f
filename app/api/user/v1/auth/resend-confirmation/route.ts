import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { resendConfirmationTo } from '@/lib/server/members/accounts';

// POST /api/user/v1/auth/resend-confirmation: { email }; a new confirmation link, if the address has an unconfirmed account
export const POST = route(endpoints.resendConfirmationTo, async ({ body, address }) => {
  await resendConfirmationTo(body.email, address);
  return null;
});

export * from '@/lib/server/http/fallback';
