import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { listFavourites } from '@/lib/server/favourites';

// GET /api/user/v1/favourites: the member's saved listings, newest first
export const GET = route(endpoints.favourites.list, async ({ user }) => listFavourites(user.id));

export * from '@/lib/server/api-fallback';
