import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { getUser } from '@/lib/server/users';

// GET /api/user/v1/users/{userId}: a user's profile; the user themself also gets their contact details
export const GET = route(endpoints.user, async ({ params, user }) => getUser(params.userId, user?.id ?? null));

export * from '@/lib/server/api-fallback';
