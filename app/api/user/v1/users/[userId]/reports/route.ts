import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { reportMember } from '@/lib/server/reports';

// POST /api/user/v1/users/{userId}/reports: { reason, details }
export const POST = route(endpoints.users.report, async ({ user, params, body }) => {
  await reportMember(user.id, params.userId, body);
  return null;
});

export * from '@/lib/server/api-fallback';
