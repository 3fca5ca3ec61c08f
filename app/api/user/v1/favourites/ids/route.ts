import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { favouriteIds } from '@/lib/server/members/favourites';

// GET /api/user/v1/favourites/ids: what the hearts of a page need
export const GET = route(endpoints.favourites.ids, async ({ user }) => favouriteIds(user.id));

export * from '@/lib/server/http/fallback';
