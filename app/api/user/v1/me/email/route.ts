import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { requestEmailChange } from '@/lib/server/members/settings';

// POST /api/user/v1/me/email: { email, password }; a link goes to the new address
export const POST = route(endpoints.me.email, async ({ user, body }) => {
  await requestEmailChange(user.id, body);
  return null;
});

export * from '@/lib/server/http/fallback';
