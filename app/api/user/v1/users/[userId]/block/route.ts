import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { setBlock } from '@/lib/server/members/blocks';

// PUT /api/user/v1/users/{userId}/block
export const PUT = route(endpoints.blocks.block, async ({ user, params }) => setBlock(user.id, params.userId, true));

// DELETE /api/user/v1/users/{userId}/block
export const DELETE = route(endpoints.blocks.unblock, async ({ user, params }) =>
  setBlock(user.id, params.userId, false),
);

export * from '@/lib/server/http/fallback';
