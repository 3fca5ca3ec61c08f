import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { listBlocked } from '@/lib/server/members/blocks';

// GET /api/user/v1/me/blocks: the members the signed-in member blocked
export const GET = route(endpoints.blocks.list, async ({ user }) => listBlocked(user.id));

export * from '@/lib/server/http/fallback';
