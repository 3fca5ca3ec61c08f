import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { unsubscribeNotices } from '@/lib/server/notify';

// POST /api/user/v1/notifications/unsubscribe?token=: the one-click link of a notification e-mail
export const POST = route(endpoints.notifications.unsubscribe, async ({ query }) => {
  await unsubscribeNotices(query.token);
  return null;
});

export * from '@/lib/server/http/fallback';
