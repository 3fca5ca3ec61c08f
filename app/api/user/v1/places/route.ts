import { apiRoute } from '@/lib/server/api';
import { placeName, searchPlaces } from '@/lib/places';

// GET /api/user/v1/places?q=sfa&country=TN: address autocomplete from the offline gazetteer
export const GET = apiRoute(async ({ request, locale }) => {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 80);
  const country = url.searchParams.get('country')?.toUpperCase() || undefined;
  return searchPlaces(q, { country, limit: 8, locale }).map((p) => ({
    id: p.id,
    name: placeName(p, locale),
    country: p.country,
    lat: p.lat,
    lng: p.lng,
  }));
});

export * from '@/lib/server/api-fallback';
