import { placeName, searchPlaces } from '@/lib/places';
import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';

// GET /api/user/v1/places?q=sfa&country=TN: address autocomplete from the offline gazetteer
export const GET = route(endpoints.places, async ({ query, locale }) =>
  searchPlaces(query.q, { country: query.country, limit: 8, locale }).map((p) => ({
    id: p.id,
    name: placeName(p, locale),
    country: p.country,
    lat: p.lat,
    lng: p.lng,
  })),
);

export * from '@/lib/server/http/fallback';
