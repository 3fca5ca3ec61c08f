import { apiRoute } from '@/lib/server/api';
import { getSessionUser } from '@/lib/server/session';
import { getUser } from '@/lib/server/users';

// GET /api/user/v1/users/{id}: a user's profile; the user themself also gets their contact details
export const GET = apiRoute<{ userId: string }>(async ({ request, params }) => {
  const viewer = await getSessionUser(request.headers);
  return getUser(params.userId, viewer?.id ?? null);
});

export * from '@/lib/server/api-fallback';
