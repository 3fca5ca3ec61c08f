import { placeById, placeName } from '@/lib/places';
import type { Locale } from '@/lib/i18n/locales';
import { countries, type CountrySlug } from '@/lib/countries';

// Prices, cities and countries in the page's language, with Latin digits on server and browser alike.
// (Prices and numbers live in ./intl-format.ts, which client components import without the gazetteer.)

export { formatNumber, formatPrice } from './intl-format';

/** A listing's city in the page's language (gazetteer names; the stored French name otherwise). */
export function cityName(side: { city: string; placeId: number | null }, locale: Locale): string {
  const place = side.placeId === null ? undefined : placeById(side.placeId);
  return place ? placeName(place, locale) : side.city;
}

const servedSlugByCode = new Map<string, CountrySlug>(countries.map((c) => [c.code, c.slug]));

/** Country names: the served nine from the message files (as Tunisians say them in tn), others from Intl. */
export function countryName(code: string, locale: Locale, served: (slug: CountrySlug) => string): string {
  const slug = servedSlugByCode.get(code);
  if (slug) return served(slug);
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One end of a saved search: its city (a gazetteer id), else its country, else `anywhere`. */
export function searchEndName(
  end: { placeId: number | null; country: string | null },
  locale: Locale,
  served: (slug: CountrySlug) => string,
  anywhere: string,
): string {
  if (end.placeId !== null) return cityName({ city: '', placeId: end.placeId }, locale);
  return end.country ? countryName(end.country, locale, served) : anywhere;
}
