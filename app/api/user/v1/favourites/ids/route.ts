import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { favouriteIds } from '@/lib/server/favourites';

// GET /api/user/v1/favourites/ids: what the hearts of a page need
export const GET = route(endpoints.favourites.ids, async ({ user }) => favouriteIds(user.id));

export * from '@/lib/server/api-fallback';
