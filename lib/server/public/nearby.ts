import 'server-only';
import { and, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { nearbyDefaultPlace, type ListingKind, type TravelType } from '@/lib/domain';
import { cityName } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import { earthRadiusKm, findPlace, type Place } from '@/lib/places';
import type { NearbyAnswer, NearbyOffer, NearbyQuery } from '@/lib/schemas/nearby';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { isOpenListing, packages, travels, unitSpherePoint } from '@/lib/server/db/schema';
import { listingTable, placeColumns } from '@/lib/server/listings/listings';

// The offers around a point (the autour-de-moi map and GET nearby): open listings whose departure city
// lies within a radius, nearest first.
//
// Each kind's table has a GiST index on its departure as a point of the unit sphere (the cube
// extension), for open listings only. Ordering by the straight-line distance to the centre (`<->`)
// with a limit reads that index in order (both indexes, merged, for both kinds) and stops after
// `limit + 1` rows, however many listings there are; the rows beyond the radius are then dropped. A
// radius condition inside the query would not stop the scan early when fewer listings lie within
// it: the index would be read to its end.

/** Straight-line distance through the unit sphere of two points `km` apart along the surface. */
function chordOf(km: number): number {
  return 2 * Math.sin(km / (2 * earthRadiusKm));
}

function kmOf(chord: number): number {
  return 2 * earthRadiusKm * Math.asin(Math.min(1, chord / 2));
}

/** One kind's open listings, nearest first: the columns both kinds answer, the other kind's as nulls. */
function nearestOf(db: Db | Tx, kind: ListingKind, lat: number, lng: number) {
  const t = listingTable(kind);
  const centre = unitSpherePoint(sql`${lat}::float8`, sql`${lng}::float8`);
  const chord = sql<number>`${unitSpherePoint(t.fromLat, t.fromLng)} <-> ${centre}`;
  return db
    .select({
      kind: sql<ListingKind>`${kind}::listing_kind`.as('kind'),
      id: t.id,
      status: t.status,
      chord: chord.mapWith(Number).as('chord'),
      ...placeColumns(t),
      startedAt: t.startedAt,
      endedAt: t.endedAt,
      pricePerKg: t.pricePerKg,
      currency: t.currency,
      name: kind === 'package' ? packages.name : sql<string | null>`null::text`.as('name'),
      weightKg:
        kind === 'package' ? packages.weightKg : sql<number | null>`null::numeric`.mapWith(Number).as('weight_kg'),
      travelType: kind === 'travel' ? travels.travelType : sql<TravelType | null>`null::travel_type`.as('travel_type'),
    })
    .from(t)
    .where(and(isOpenListing(t.status), isNull(t.hidden)));
}

/**
 * The query of a search: the `limit + 1` open listings of each kind asked for that are nearest to the
 * point, each kind's read from its index in order and ordered by the distance alone (a second key
 * would make the database read every listing of the nearest city); then, of those, the ones within
 * the radius, nearest first and, at the same distance (one city), soonest first: `limit + 1` rows at
 * most leave the database. Exported for the index's test and the benchmark.
 */
export function nearestQuery(db: Db | Tx, query: Omit<NearbyQuery, 'limit'> & { limit: number }) {
  const { type, lat, lng, limit } = query;
  const nearest = (kind: ListingKind) =>
    nearestOf(db, kind, lat, lng)
      .orderBy(sql`${sql.identifier('chord')}`)
      .limit(limit + 1);
  const found = (type === 'all' ? unionAll(nearest('package'), nearest('travel')) : nearest(type)).as('nearest');
  return db
    .select()
    .from(found)
    .where(sql`${found.chord} <= ${chordOf(query.radius)}`)
    .orderBy(found.chord, found.startedAt, found.id)
    .limit(limit + 1);
}

type Row = Awaited<ReturnType<typeof nearestQuery>>[number];

function toOffer(row: Row, locale: Locale): NearbyOffer {
  return {
    kind: row.kind,
    id: row.id,
    status: row.status as NearbyOffer['status'],
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
    weightKg: row.weightKg === null ? null : Number(row.weightKg),
    travelType: row.travelType ?? null,
  };
}

/**
 * The nearest open offers within `radius` km of a point: packages, travels or both, at most `limit`,
 * nearest first and, in one city (the same distance), soonest departure first. `more` says that the
 * radius holds more than these.
 */
export async function nearbyOffers(query: NearbyQuery, locale: Locale): Promise<NearbyAnswer> {
  const rows = await nearestQuery(await getDb(), query);
  return {
    items: rows.slice(0, query.limit).map((row) => toOffer(row, locale)),
    more: rows.length > query.limit,
  };
}

/** Where the map starts: the default place of lib/domain.ts, from the gazetteer. */
export function defaultNearbyPlace(): Place {
  const place = findPlace(nearbyDefaultPlace.city, nearbyDefaultPlace.country);
  if (!place) throw new Error(`${nearbyDefaultPlace.city} is missing from the gazetteer`);
  return place;
}
