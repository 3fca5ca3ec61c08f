import 'server-only';
import { and, asc, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { countries } from '@/lib/countries';
import { currencies, routeRules, travelTypes, type Currency, type ListingKind, type TravelType } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { findPlace, placeById, placeBySlug, placeName, placeSlug, type Place } from '@/lib/places';
import { routePagePath } from '@/lib/routes';
import type { RoutePrices } from '@/lib/schemas/routes';
import type { ListingSummary } from '@/lib/schemas/listings';
import { z } from '@/lib/zod';
import { getDb, rowsOf } from '@/lib/server/db/client';
import { isOpenListing, packages, routePairs, travels } from '@/lib/server/db/schema';
import { listingTable, rowSummaries, summarySelect } from '@/lib/server/listings/listings';

// Routes: the city pairs of the route pages (/{lang}/envoi-colis/{from}/{to}). What a route page
// shows (its open listings both ways, the prices asked on it, how long trips take and by which
// modes, the other routes of its cities) and which pairs search engines are given: those a listing
// served within routeRules.windowDays (route_pairs, kept by the database), and the big pairs.

const DAY = 24 * 3600 * 1000;

/** Two places of the gazetteer, from and to. */
export type RouteEnds = { from: Place; to: Place };

/** The places of a route page's two slugs; null for an unknown slug or the same city twice. */
export function routeFromSlugs(fromSlug: string, toSlug: string): RouteEnds | null {
  const from = placeBySlug(fromSlug);
  const to = placeBySlug(toSlug);
  return from && to && from.id !== to.id ? { from, to } : null;
}

export function routeSlugs(route: RouteEnds): { from: string; to: string } {
  return { from: placeSlug(route.from), to: placeSlug(route.to) };
}

// The diaspora's corridors: the big cities of the served Maghreb countries and of the served
// European ones, by their French names (the gazetteer's populations count some provinces whole).
const bigCities: Record<string, string[]> = {
  TN: ['Tunis', 'Sfax', 'Sousse'],
  DZ: ['Alger', 'Oran', 'Constantine'],
  MA: ['Casablanca', 'Rabat', 'Marrakech'],
  FR: ['Paris', 'Marseille', 'Lyon'],
  IT: ['Rome', 'Milan', 'Naples'],
  ES: ['Madrid', 'Barcelone', 'Valencia'],
  BE: ['Bruxelles', 'Anvers', 'Liège'],
  DE: ['Berlin', 'Hambourg', 'Munich'],
  CH: ['Zurich', 'Genève', 'Bâle'],
};
const maghreb = new Set(['TN', 'DZ', 'MA']);
let bigPlaces: { maghreb: Place[]; europe: Place[] } | undefined;

function big() {
  if (bigPlaces) return bigPlaces;
  const served = new Set<string>(countries.map((c) => c.code));
  const places = Object.entries(bigCities).flatMap(([country, names]) =>
    names.map((name) => {
      const place = findPlace(name, country);
      if (!place || !served.has(country)) throw new Error(`routes: ${name} (${country}) is not in the gazetteer`);
      return place;
    }),
  );
  bigPlaces = {
    maghreb: places.filter((p) => maghreb.has(p.country)),
    europe: places.filter((p) => !maghreb.has(p.country)),
  };
  return bigPlaces;
}

/** The big pairs: a big city of a served Maghreb country and one of a served European country, both ways. */
export function bigPairs(): RouteEnds[] {
  const { maghreb: south, europe: north } = big();
  return south.flatMap((a) =>
    north.flatMap((b) => [
      { from: a, to: b },
      { from: b, to: a },
    ]),
  );
}

export function isBigPair(route: RouteEnds): boolean {
  const { maghreb: south, europe: north } = big();
  const isSouth = (p: Place) => south.includes(p);
  const isNorth = (p: Place) => north.includes(p);
  return (isSouth(route.from) && isNorth(route.to)) || (isNorth(route.from) && isSouth(route.to));
}

// ---------------------------------------------------------------- reads

/** What people asked per kilo on a route within the window, per currency (the most used first). */
export type RoutePrice = { currency: Currency; count: number; median: number; low: number; high: number };
/** Trips on a route within the window by mode: how many, and their median length in days. */
export type RouteMode = { type: TravelType; count: number; days: number };
/** Another route of one of the page's cities, with its slugs. */
export type OtherRoute = { from: number; to: number; fromSlug: string; toSlug: string; listings: number };

export type RouteOverview = {
  /** Open listings, soonest first: `forward` on the route, `back` the other way. */
  forward: Record<ListingKind, ListingSummary[]>;
  back: Record<ListingKind, ListingSummary[]>;
  prices: RoutePrice[];
  modes: RouteMode[];
  /** The latest arrival date of a listing on the route (route_pairs), either way; null when none ever. */
  lastEndedAt: string | null;
  /** Whether search engines are given the page: a listing within the window, or a big pair. */
  indexable: boolean;
  otherRoutes: { from: OtherRoute[]; to: OtherRoute[] };
};

const since = () => new Date(Date.now() - routeRules.windowDays * DAY);

async function openListings(kind: ListingKind, from: Place, to: Place, limit: number): Promise<ListingSummary[]> {
  const t = listingTable(kind);
  const db = await getDb();
  // The open listings' index of the two cities, read in departure order (lib/server/db/schema/listings.ts).
  const rows = await summarySelect(db, kind)
    .where(and(eq(t.fromPlaceId, from.id), eq(t.toPlaceId, to.id), isOpenListing(t.status), isNull(t.hidden)))
    .orderBy(asc(t.startedAt), asc(t.id))
    .limit(limit);
  return rowSummaries(kind, rows);
}

/** Both kinds' rows of a route within the window: its two cities' index (`*_cities_idx`), then their ids. */
function onRoute(t: typeof packages | typeof travels, route: RouteEnds) {
  return and(
    eq(t.fromCity, route.from.names.fr),
    eq(t.toCity, route.to.names.fr),
    eq(t.fromPlaceId, route.from.id),
    eq(t.toPlaceId, route.to.id),
    gte(t.startedAt, since()),
    isNull(t.hidden),
  );
}

const priceRow = z.object({
  currency: z.enum(currencies),
  count: z.coerce.number(),
  median: z.coerce.number(),
  low: z.coerce.number(),
  high: z.coerce.number(),
});

/** The prices per kilo asked on a route within the window: median and range per currency, from its listings of both kinds. */
export async function routePrices(route: RouteEnds): Promise<RoutePrice[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    with asked as (
      select ${packages.currency} as currency, ${packages.pricePerKg} as price from ${packages} where ${onRoute(packages, route)}
      union all
      select ${travels.currency}, ${travels.pricePerKg} from ${travels} where ${onRoute(travels, route)}
    )
    select currency, count(*)::int as count, percentile_cont(0.5) within group (order by price) as median,
      min(price) as low, max(price) as high
    from asked group by currency order by count(*) desc, currency`);
  return rowsOf(result, priceRow);
}

const modeRow = z.object({ type: z.enum(travelTypes), count: z.coerce.number(), days: z.coerce.number() });

async function routeModes(route: RouteEnds): Promise<RouteMode[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    select ${travels.travelType} as type, count(*)::int as count,
      percentile_cont(0.5) within group (order by extract(epoch from ${travels.endedAt} - ${travels.startedAt}) / 86400) as days
    from ${travels} where ${onRoute(travels, route)}
    group by ${travels.travelType} order by count(*) desc, ${travels.travelType}`);
  return rowsOf(result, modeRow).map((mode) => ({ ...mode, days: Math.round(mode.days * 10) / 10 }));
}

function otherRoute(row: { from: number; to: number; listings: number }): OtherRoute | null {
  const from = placeById(row.from);
  const to = placeById(row.to);
  return from && to ? { ...row, fromSlug: placeSlug(from), toSlug: placeSlug(to) } : null;
}

/** Routes served within the window from `side` = the place, busiest first, but `except`. */
async function routesOf(side: 'from' | 'to', place: Place, except: RouteEnds): Promise<OtherRoute[]> {
  const db = await getDb();
  const column = side === 'from' ? routePairs.fromPlaceId : routePairs.toPlaceId;
  const rows = await db
    .select({ from: routePairs.fromPlaceId, to: routePairs.toPlaceId, listings: routePairs.listings })
    .from(routePairs)
    .where(and(eq(column, place.id), gte(routePairs.lastEndedAt, since())))
    .orderBy(desc(routePairs.listings), asc(routePairs.fromPlaceId), asc(routePairs.toPlaceId))
    .limit(routeRules.otherRoutes + 2);
  return rows
    .filter((row) => !(row.from === except.from.id && row.to === except.to.id))
    .filter((row) => !(row.from === except.to.id && row.to === except.from.id))
    .map(otherRoute)
    .filter((route): route is OtherRoute => route !== null)
    .slice(0, routeRules.otherRoutes);
}

/** When a listing on the route (either way) last arrived, from route_pairs. */
async function lastServed(route: RouteEnds): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ at: sql<string | null>`max(${routePairs.lastEndedAt})` })
    .from(routePairs)
    .where(
      or(
        and(eq(routePairs.fromPlaceId, route.from.id), eq(routePairs.toPlaceId, route.to.id)),
        and(eq(routePairs.fromPlaceId, route.to.id), eq(routePairs.toPlaceId, route.from.id)),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** Everything a route page shows, as plain JSON (it is kept in Next's data cache). */
export async function routeOverview(route: RouteEnds): Promise<RouteOverview> {
  const { from, to } = route;
  const n = routeRules.listings;
  const [forwardParcels, forwardTrips, backParcels, backTrips, prices, modes, last, fromRoutes, toRoutes] =
    await Promise.all([
      openListings('package', from, to, n),
      openListings('travel', from, to, n),
      openListings('package', to, from, n),
      openListings('travel', to, from, n),
      routePrices(route),
      routeModes(route),
      lastServed(route),
      routesOf('from', from, route),
      routesOf('to', to, route),
    ]);
  const open = forwardParcels.length + forwardTrips.length + backParcels.length + backTrips.length > 0;
  return {
    forward: { package: forwardParcels, travel: forwardTrips },
    back: { package: backParcels, travel: backTrips },
    prices,
    modes,
    lastEndedAt: last?.toISOString() ?? null,
    indexable: open || (last !== null && last >= since()) || isBigPair(route),
    otherRoutes: { from: fromRoutes, to: toRoutes },
  };
}

/** The pairs search engines are given: served within the window, then the big pairs, each once, by slugs. */
export async function indexedRoutes(): Promise<{ from: string; to: string; lastEndedAt: Date | null }[]> {
  const db = await getDb();
  const rows = await db
    .select({ from: routePairs.fromPlaceId, to: routePairs.toPlaceId, lastEndedAt: routePairs.lastEndedAt })
    .from(routePairs)
    .where(gte(routePairs.lastEndedAt, since()))
    .orderBy(asc(routePairs.fromPlaceId), asc(routePairs.toPlaceId));
  const seen = new Set<string>();
  const out: { from: string; to: string; lastEndedAt: Date | null }[] = [];
  const add = (from: Place | undefined, to: Place | undefined, lastEndedAt: Date | null) => {
    if (!from || !to || from.id === to.id || seen.has(`${from.id}:${to.id}`)) return;
    seen.add(`${from.id}:${to.id}`);
    out.push({ from: placeSlug(from), to: placeSlug(to), lastEndedAt });
  };
  for (const row of rows) add(placeById(row.from), placeById(row.to), row.lastEndedAt);
  for (const pair of bigPairs()) add(pair.from, pair.to, null);
  return out;
}

/**
 * A country's busiest routes served within the window (either end in it), for its landing pages;
 * its big pairs after them while there are fewer than `limit`.
 */
export async function busiestRoutes(country: string, limit = 8): Promise<OtherRoute[]> {
  const db = await getDb();
  const rows = await db
    .select({ from: routePairs.fromPlaceId, to: routePairs.toPlaceId, listings: routePairs.listings })
    .from(routePairs)
    .where(
      and(
        or(eq(routePairs.fromCountry, country), eq(routePairs.toCountry, country)),
        gte(routePairs.lastEndedAt, since()),
      ),
    )
    .orderBy(desc(routePairs.listings), asc(routePairs.fromPlaceId), asc(routePairs.toPlaceId))
    .limit(limit);
  const found = rows.map(otherRoute).filter((route): route is OtherRoute => route !== null);
  for (const pair of bigPairs()) {
    if (found.length >= limit) break;
    if (pair.from.country !== country && pair.to.country !== country) continue;
    if (found.some((route) => route.from === pair.from.id && route.to === pair.to.id)) continue;
    found.push(otherRoute({ from: pair.from.id, to: pair.to.id, listings: 0 })!);
  }
  return found;
}

/**
 * A city as the lists' filters name it: its French name, with its country when another place of
 * the same name is larger (the lists take the largest).
 */
export function placeFilter(place: Place): { city: string; country?: string } {
  return findPlace(place.names.fr)?.id === place.id
    ? { city: place.names.fr }
    : { city: place.names.fr, country: place.country };
}

/** A route as the lists' filters (a list's link, an alert). */
export function routeFilters(route: RouteEnds): { from: string; to: string; fromCountry?: string; toCountry?: string } {
  const from = placeFilter(route.from);
  const to = placeFilter(route.to);
  return { from: from.city, to: to.city, fromCountry: from.country, toCountry: to.country };
}

/** GET /route-prices: a route's prices, by the gazetteer ids of its cities (VALIDATION_FAILED for others). */
export async function routePricesOf(ids: { from: number; to: number }, locale: Locale): Promise<RoutePrices> {
  const from = placeById(ids.from);
  const to = placeById(ids.to);
  const fields: Record<string, string> = {};
  if (!from) fields.from = 'cityUnknown';
  if (!to) fields.to = 'cityUnknown';
  if (!from || !to) throw new AppError('VALIDATION_FAILED', fields);
  const end = (place: Place) => ({ id: place.id, name: placeName(place, locale), country: place.country });
  const slugs = routeSlugs({ from, to });
  return {
    from: end(from),
    to: end(to),
    path: from.id === to.id ? null : routePagePath(slugs.from, slugs.to),
    windowDays: routeRules.windowDays,
    prices: await routePrices({ from, to }),
  };
}
