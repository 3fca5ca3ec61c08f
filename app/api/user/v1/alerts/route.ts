import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { createAlert, listAlerts } from '@/lib/server/public/alerts';

// GET /api/user/v1/alerts: the member's route alerts
export const GET = route(endpoints.alerts.list, async ({ user }) => listAlerts(user.id));

// POST /api/user/v1/alerts: { kind, filters } of a list
export const POST = route(endpoints.alerts.create, async ({ user, body }) => createAlert(user.id, body));

export * from '@/lib/server/http/fallback';
