import { apiRoute } from '@/lib/server/api';
import { resendEmailConfirmation } from '@/lib/server/users';

// POST /api/user/v1/users/{userId}/resend-confirmation: a new confirmation e-mail, at most once a minute
export const POST = apiRoute<{ userId: string }>(async ({ params }) => {
  await resendEmailConfirmation(params.userId);
  return { sent: true };
});

export * from '@/lib/server/api-fallback';
