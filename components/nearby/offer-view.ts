import type { ListingKind, NearbyType, TravelType } from '@/lib/domain';
import { fill, formatDay, formatDistance, formatNumber, formatPrice } from '@/lib/intl-format';
import type { Locale } from '@/lib/i18n/locales';
import type { NearbyOffer } from '@/lib/schemas/nearby';

// What the list and the map of autour-de-moi show of an offer, in the page's language. Shared by the
// server's first HTML and the browser's updates, so both write the same text (Intl only).
//
// The browser's modules of the page import nothing of lib/domain.ts, lib/routes.ts or lib/i18n: the
// server hands them what they need (NearbySettings). Those modules are also in the site's shared
// chunks, and each export a page's script uses is added there, for every page.

/** What the server derives for the browser from the site's tables (lib/domain.ts, lib/routes.ts, lib/i18n). */
export type NearbySettings = {
  /** The page's language as the API's X-Locale takes it (its URL prefix). */
  prefix: string;
  rtl: boolean;
  /** The radius filter's choices, in km. */
  radii: readonly number[];
  types: readonly NearbyType[];
  /** For the dates, when the browser's time zone cannot be read. */
  timeZone: string;
  /** The path of a listing of each kind in the page's language, but for its id. */
  hrefs: Record<ListingKind, string>;
};

/** The page's texts (messages `Nearby`, and a few of `Listings` and `Errors`), placeholders unfilled. */
export type NearbyTexts = {
  searchTitle: string;
  locate: string;
  locating: string;
  located: string;
  myPosition: string;
  cityLabel: string;
  cityPlaceholder: string;
  cityShow: string;
  cityUnknown: string;
  radius: string;
  radiusOption: string;
  type: string;
  types: Record<NearbyType, string>;
  kinds: Record<ListingKind, string>;
  summary: string;
  summaryTypes: Record<NearbyType, string>;
  more: string;
  empty: string;
  distance: string;
  /** Listings are placed at their city: under a kilometre means "in that city", not a precise distance. */
  distanceInCity: string;
  departure: string;
  seeListing: string;
  listTitle: string;
  mapTitle: string;
  mapLoading: string;
  mapUnavailable: string;
  mapFailed: string;
  mapNeedsScript: string;
  recenter: string;
  markerOne: string;
  markerMany: string;
  clusterTitle: string;
  clusterMore: string;
  closeCard: string;
  centreMarker: string;
  zoomIn: string;
  zoomOut: string;
  attribution: string;
  geolocation: Record<GeolocationFailure, string>;
  perKg: string;
  weight: string;
  travelTypes: Record<TravelType, string>;
  network: string;
};

/** The failures of the Geolocation API the specification lists (section 8). */
export const geolocationFailures = ['unsupported', 'denied', 'unavailable', 'timeout', 'unknown'] as const;
export type GeolocationFailure = (typeof geolocationFailures)[number];

/** The centre of a search: a city of the gazetteer, or the visitor's position. */
export type NearbyPlace = { name: string; lat: number; lng: number };

export type OfferView = {
  id: string;
  kind: ListingKind;
  href: string;
  kindLabel: string;
  from: string;
  to: string;
  /** Weight of a parcel, means of transport of a trip. */
  detail: string;
  day: string;
  price: string;
  distance: string;
  lat: number;
  lng: number;
};

export function offerView(
  offer: NearbyOffer,
  texts: NearbyTexts,
  locale: Locale,
  timeZone: string,
  hrefs: NearbySettings['hrefs'],
): OfferView {
  return {
    id: offer.id,
    kind: offer.kind,
    href: hrefs[offer.kind] + offer.id,
    kindLabel: texts.kinds[offer.kind],
    from: offer.from.city,
    to: offer.to.city,
    detail:
      offer.kind === 'package' && offer.weightKg !== null
        ? fill(texts.weight, { weight: formatNumber(offer.weightKg, locale) })
        : offer.travelType
          ? texts.travelTypes[offer.travelType]
          : '',
    day: fill(texts.departure, { date: formatDay(offer.startedAt, locale, timeZone) }),
    price: fill(texts.perKg, { price: formatPrice(offer.pricePerKg, offer.currency, locale) }),
    distance:
      offer.distanceKm < 1
        ? fill(texts.distanceInCity, { city: offer.from.city })
        : fill(texts.distance, { distance: formatDistance(offer.distanceKm, locale) }),
    lat: offer.from.lat,
    lng: offer.from.lng,
  };
}

/** The list's summary line: how many offers of which kind within how far of where, and whether only the nearest are shown. */
export function summaryLine(
  texts: NearbyTexts,
  locale: Locale,
  search: { type: NearbyType; radius: number; place: string; count: number; more: boolean },
): string {
  const count = formatNumber(search.count, locale);
  const line = fill(texts.summary, {
    what: texts.summaryTypes[search.type],
    radius: formatNumber(search.radius, locale),
    place: search.place,
    count,
  });
  return search.more ? `${line} ${fill(texts.more, { count })}` : line;
}
