import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { confirmEmailChange } from '@/lib/server/members/settings';

// POST /api/user/v1/me/email/confirm: { token } of the link sent to the new address (or of the approval)
export const POST = route(endpoints.me.confirmEmail, async ({ body }) => confirmEmailChange(body.token));

export * from '@/lib/server/http/fallback';
