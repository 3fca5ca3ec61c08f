import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { resendEmailConfirmation } from '@/lib/server/members/accounts';

// POST /api/user/v1/users/{userId}/resend-confirmation: a new confirmation e-mail, at most once a minute
export const POST = route(endpoints.resendConfirmation, async ({ params, address }) => {
  await resendEmailConfirmation(params.userId, address);
  return null;
});

export * from '@/lib/server/http/fallback';
