import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { removeFavourite, saveFavourite } from '@/lib/server/members/favourites';

// PUT /api/user/v1/travels/{id}/favourite: save it in the favourites
export const PUT = route(endpoints.travelFavourite.save, async ({ user, params }) =>
  saveFavourite(user.id, 'travel', params.id),
);

// DELETE /api/user/v1/travels/{id}/favourite
export const DELETE = route(endpoints.travelFavourite.remove, async ({ user, params }) =>
  removeFavourite(user.id, 'travel', params.id),
);

export * from '@/lib/server/http/fallback';
