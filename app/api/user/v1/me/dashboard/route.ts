import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { dashboardCounts } from '@/lib/server/dashboard';

// GET /api/user/v1/me/dashboard: the tiles' counts
export const GET = route(endpoints.me.dashboard, async ({ user }) => dashboardCounts(user.id));

export * from '@/lib/server/api-fallback';
