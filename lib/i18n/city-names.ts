import 'server-only';
import { cityName } from '@/lib/format';
import type { Locale } from './locales';

/** The names, in a language, of the places of some listings, by place id (components/deals/city-names.tsx). */
export function cityNames(
  listings: readonly { from: { city: string; placeId: number | null }; to: { city: string; placeId: number | null } }[],
  locale: Locale,
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const listing of listings)
    for (const place of [listing.from, listing.to])
      if (place.placeId !== null) names[place.placeId] = cityName(place, locale);
  return names;
}
