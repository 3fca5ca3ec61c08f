import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { requestEmailChange } from '@/lib/server/members/settings';

// POST /api/user/v1/me/email: { email, password }; a link goes to the new address (or, without a
// password, an approval to the current one)
export const POST = route(endpoints.me.email, async ({ user, body }) => requestEmailChange(user.id, body));

export * from '@/lib/server/http/fallback';
