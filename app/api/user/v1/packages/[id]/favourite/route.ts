import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { removeFavourite, saveFavourite } from '@/lib/server/members/favourites';

// PUT /api/user/v1/packages/{id}/favourite: save it in the favourites
export const PUT = route(endpoints.packageFavourite.save, async ({ user, params }) =>
  saveFavourite(user.id, 'package', params.id),
);

// DELETE /api/user/v1/packages/{id}/favourite
export const DELETE = route(endpoints.packageFavourite.remove, async ({ user, params }) =>
  removeFavourite(user.id, 'package', params.id),
);

export * from '@/lib/server/http/fallback';
