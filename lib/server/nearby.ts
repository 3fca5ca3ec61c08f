import 'server-only';
import { sql } from 'drizzle-orm';
import { listingKinds, nearbyDefaultPlace, type Currency, type ListingKind, type TravelType } from '@/lib/domain';
import { cityName } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import { earthRadiusKm, findPlace, type Place } from '@/lib/places';
import type { NearbyAnswer, NearbyOffer, NearbyQuery } from '@/lib/schemas/nearby';
import { getDb, type Db, type Tx } from './db/client';
import { isOpenListing, packages, travels, unitSpherePoint } from './db/schema';

// The offers around a point (the autour-de-moi map and GET nearby): open listings whose departure city
// lies within a radius, nearest first.
//
// Each kind's table has a GiST index on its departure as a point of the unit sphere (the cube
// extension), for open listings only. Ordering by the straight-line distance to the centre (`<->`)
// with a limit reads that index in order and stops after `limit + 1` rows, however many listings
// there are; the rows beyond the radius are then dropped. A radius condition inside the query would
// not stop the scan early when fewer listings lie within it: the index would be read to its end.

/** Straight-line distance through the unit sphere of two points `km` apart along the surface. */
function chordOf(km: number): number {
  return 2 * Math.sin(km / (2 * earthRadiusKm));
}

function kmOf(chord: number): number {
  return 2 * earthRadiusKm * Math.asin(Math.min(1, chord / 2));
}

type Row = {
  id: string;
  status: NearbyOffer['status'];
  chord: number;
  fromCity: string;
  fromCountry: string;
  fromPlaceId: number | null;
  fromLat: number;
  fromLng: number;
  toCity: string;
  toCountry: string;
  toPlaceId: number | null;
  startedAt: Date;
  endedAt: Date;
  pricePerKg: number;
  currency: Currency;
  name?: string;
  weightKg?: number;
  travelType?: TravelType;
};

/** The query of one kind: its nearest open listings, `limit + 1` of them (exported for the index's test). */
export function nearestQuery(db: Db | Tx, kind: ListingKind, lat: number, lng: number, limit: number) {
  const t = (kind === 'package' ? packages : travels) as unknown as typeof packages;
  const centre = unitSpherePoint(sql`${lat}::float8`, sql`${lng}::float8`);
  const chord = sql<number>`${unitSpherePoint(t.fromLat, t.fromLng)} <-> ${centre}`;
  return (
    db
      .select({
        id: t.id,
        status: t.status,
        chord: chord.mapWith(Number),
        fromCity: t.fromCity,
        fromCountry: t.fromCountry,
        fromPlaceId: t.fromPlaceId,
        fromLat: t.fromLat,
        fromLng: t.fromLng,
        toCity: t.toCity,
        toCountry: t.toCountry,
        toPlaceId: t.toPlaceId,
        startedAt: t.startedAt,
        endedAt: t.endedAt,
        pricePerKg: t.pricePerKg,
        currency: t.currency,
        ...(kind === 'package'
          ? { name: packages.name, weightKg: packages.weightKg }
          : { travelType: travels.travelType }),
      })
      .from(t)
      .where(isOpenListing(t.status))
      // The distance alone: a second key would make the database read every listing of the nearest city.
      .orderBy(chord)
      .limit(limit + 1)
  );
}

function toOffer(kind: ListingKind, row: Row, locale: Locale): NearbyOffer {
  return {
    kind,
    id: row.id,
    status: row.status,
    distanceKm: Math.round(kmOf(row.chord) * 10) / 10,
    from: {
      city: cityName({ city: row.fromCity, placeId: row.fromPlaceId }, locale),
      country: row.fromCountry,
      lat: row.fromLat,
      lng: row.fromLng,
    },
    to: { city: cityName({ city: row.toCity, placeId: row.toPlaceId }, locale), country: row.toCountry },
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    pricePerKg: Number(row.pricePerKg),
    currency: row.currency,
    name: row.name ?? null,
    weightKg: row.weightKg === undefined ? null : Number(row.weightKg),
    travelType: row.travelType ?? null,
  };
}

/**
 * The nearest open offers within `radius` km of a point: packages, travels or both, at most `limit`,
 * nearest first and, in one city (the same distance), soonest departure first. `more` says that the
 * radius holds more than these.
 */
export async function nearbyOffers(query: NearbyQuery, locale: Locale): Promise<NearbyAnswer> {
  const kinds = query.type === 'all' ? listingKinds : [query.type];
  const within = chordOf(query.radius);
  const found: { kind: ListingKind; row: Row }[] = [];
  const db = await getDb();
  for (const kind of kinds)
    for (const row of (await nearestQuery(db, kind, query.lat, query.lng, query.limit)) as Row[])
      if (row.chord <= within) found.push({ kind, row });
  found.sort(
    (a, b) =>
      a.row.chord - b.row.chord ||
      a.row.startedAt.getTime() - b.row.startedAt.getTime() ||
      (a.row.id < b.row.id ? -1 : 1),
  );
  return {
    items: found.slice(0, query.limit).map(({ kind, row }) => toOffer(kind, row, locale)),
    more: found.length > query.limit,
  };
}

/** Where the map starts: the default place of lib/domain.ts, from the gazetteer. */
export function defaultNearbyPlace(): Place {
  const place = findPlace(nearbyDefaultPlace.city, nearbyDefaultPlace.country);
  if (!place) throw new Error(`${nearbyDefaultPlace.city} is missing from the gazetteer`);
  return place;
}
