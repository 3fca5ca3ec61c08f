import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { dashboardCounts } from '@/lib/server/members/dashboard';

// GET /api/user/v1/me/dashboard: the tiles' counts
export const GET = route(endpoints.me.dashboard, async ({ user }) => dashboardCounts(user.id));

export * from '@/lib/server/http/fallback';
