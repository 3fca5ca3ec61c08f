import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { signUp } from '@/lib/server/members/accounts';

// POST /api/user/v1/auth/sign-up: create an account; a confirmation e-mail is sent
export const POST = route(endpoints.signUp, async ({ body, locale, address }) => {
  await signUp(body, locale, address);
  return null;
});

export * from '@/lib/server/http/fallback';
