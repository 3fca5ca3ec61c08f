import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { deleteAlert } from '@/lib/server/public/alerts';

// DELETE /api/user/v1/alerts/{id}
export const DELETE = route(endpoints.alerts.remove, async ({ user, params }) => {
  await deleteAlert(user.id, params.id);
  return null;
});

export * from '@/lib/server/http/fallback';
