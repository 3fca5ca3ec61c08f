import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmEmailChange } from '@/lib/server/members/settings';

// POST /api/user/v1/me/email/confirm: { token } of the link sent to the new address
export const POST = route(endpoints.me.confirmEmail, async ({ body }) => {
  await confirmEmailChange(body.token);
  return null;
});

export * from '@/lib/server/http/fallback';
