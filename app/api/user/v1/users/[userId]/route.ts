import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { getUser } from '@/lib/server/members/member';

// GET /api/user/v1/users/{userId}: a user's profile; the user themself also gets their contact details
export const GET = route(endpoints.user, async ({ params, user }) => getUser(params.userId, user?.id ?? null));

export * from '@/lib/server/http/fallback';
