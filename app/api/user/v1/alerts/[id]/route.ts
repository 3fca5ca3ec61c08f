import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { deleteAlert } from '@/lib/server/alerts';

// DELETE /api/user/v1/alerts/{id}
export const DELETE = route(endpoints.alerts.remove, async ({ user, params }) => {
  await deleteAlert(user.id, params.id);
  return null;
});

export * from '@/lib/server/api-fallback';
