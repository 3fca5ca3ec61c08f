import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { searchMembers } from '@/lib/server/moderation/moderation';

// GET /api/user/v1/moderation/members?q=: staff
export const GET = route(endpoints.moderation.search, async ({ query }) => searchMembers(query.q));

export * from '@/lib/server/http/fallback';
