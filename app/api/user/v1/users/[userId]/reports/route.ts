import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { reportMember } from '@/lib/server/members/reports';

// POST /api/user/v1/users/{userId}/reports: { reason, details }
export const POST = route(endpoints.users.report, async ({ user, params, body }) => {
  await reportMember(user.id, params.userId, body);
  return null;
});

export * from '@/lib/server/http/fallback';
