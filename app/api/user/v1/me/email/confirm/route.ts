import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { confirmEmailChange } from '@/lib/server/account';

// POST /api/user/v1/me/email/confirm: { token } of the link sent to the new address
export const POST = route(endpoints.me.confirmEmail, async ({ body }) => {
  await confirmEmailChange(body.token);
  return null;
});

export * from '@/lib/server/api-fallback';
