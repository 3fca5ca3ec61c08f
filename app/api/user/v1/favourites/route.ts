import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { listFavourites } from '@/lib/server/members/favourites';

// GET /api/user/v1/favourites: the member's saved listings, newest first
export const GET = route(endpoints.favourites.list, async ({ user }) => listFavourites(user.id));

export * from '@/lib/server/http/fallback';
