import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { signUp } from '@/lib/server/users';

// POST /api/user/v1/auth/sign-up: create an account; a confirmation e-mail is sent
export const POST = route(endpoints.signUp, async ({ body, locale, address }) => {
  await signUp(body, locale, address);
  return null;
});

export * from '@/lib/server/api-fallback';
