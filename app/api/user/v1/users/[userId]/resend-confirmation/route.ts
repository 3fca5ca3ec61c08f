import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { resendEmailConfirmation } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/resend-confirmation: a new confirmation e-mail, at most once a minute
export const POST = route(endpoints.resendConfirmation, async ({ params, address }) => {
  await resendEmailConfirmation(params.userId, address);
  return null;
});

export * from '@/lib/server/api-fallback';
