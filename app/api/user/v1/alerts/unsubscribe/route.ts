import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { unsubscribeAlert } from '@/lib/server/public/alerts';

// POST /api/user/v1/alerts/unsubscribe?token=: the one-click link of an alert's e-mail
export const POST = route(endpoints.alerts.unsubscribe, async ({ query }) => {
  await unsubscribeAlert(query.token);
  return null;
});

export * from '@/lib/server/http/fallback';
