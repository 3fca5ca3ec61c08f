import { AppError } from '@/lib/errors';
import { socialProviders } from '@/lib/domain';
import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { removeSignIn } from '@/lib/server/members/settings';

// DELETE /api/user/v1/me/sign-ins/{provider}: stop signing in with Google, Facebook or Apple
export const DELETE = route(endpoints.me.removeSignIn, async ({ user, params, request }) => {
  const provider = socialProviders.find((name) => name === params.provider);
  if (!provider) throw new AppError('NOT_FOUND');
  return removeSignIn(user.id, request.headers, provider);
});

export * from '@/lib/server/http/fallback';
