import 'server-only';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { currencies, priceEstimateRules } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { z } from '@/lib/zod';
import { countryName, formatNumber, formatPrice } from '@/lib/format';
import { formatLongDate } from '@/lib/dates';
import type { Locale } from '@/lib/i18n/locales';
import { distanceKm, placeName, type Place } from '@/lib/places';
import { referenceRates } from '@/lib/reference-rates';
import type { PriceEstimate, PriceEstimateQuery } from '@/lib/schemas/simulator';
import { getDb, rowsOf } from '@/lib/server/db/client';
import { isDealStatus, packages, proposals, travels } from '@/lib/server/db/schema';
import { resolvePlace } from '@/lib/server/listings/listings';
import { enoughSamples, estimate, guidance, type RouteSamples } from './price-estimate';
import { translator } from '@/lib/server/translate';

// The price simulator: reads the real prices of a route, applies the formula of ./price-estimate.ts,
// and says the result in the caller's language. The simulateur-prix pages and GET /price-estimate
// both answer with estimatePrice().

/** A route whose real prices are read: two countries, and the two cities when they are named. */
export type SampleRoute = { fromCountry: string; toCountry: string; fromCity?: string; toCity?: string };

const DAY = 24 * 3600 * 1000;

/** `amount` in euros at the reference rates, as a double (percentile_cont orders doubles). */
function inEuros(amount: SQL | AnyPgColumn, currency: AnyPgColumn): SQL {
  const rates = currencies.map((c) => `when '${c}' then ${referenceRates.perEuro[c]}`).join(' ');
  return sql`(${amount})::float8 / (case ${currency} ${sql.raw(rates)} end)`;
}

/**
 * Prices per kg in euros on a route: listings published in the last 90 days, and the deals made (their agreed amount)
 * on those parcels (amount / weight; a trip's deal says nothing of the weight). Two indexed reads
 * of one route, aggregated in the database.
 */
export async function routeSamples(route: SampleRoute): Promise<RouteSamples> {
  const db = await getDb();
  const since = new Date(Date.now() - priceEstimateRules.windowDays * DAY);
  const on = (t: typeof packages | typeof travels) =>
    and(
      eq(t.fromCountry, route.fromCountry),
      eq(t.toCountry, route.toCountry),
      route.fromCity ? eq(t.fromCity, route.fromCity) : undefined,
      route.toCity ? eq(t.toCity, route.toCity) : undefined,
      gte(t.createdAt, since),
    );
  const result = await db.execute(sql`
    with samples as (
      select ${inEuros(packages.pricePerKg, packages.currency)} as eur, true as listing from ${packages} where ${on(packages)}
      union all
      select ${inEuros(travels.pricePerKg, travels.currency)}, true from ${travels} where ${on(travels)}
      union all
      select ${inEuros(sql`${proposals.agreedAmount} / ${packages.weightKg}`, proposals.currency)}, false
        from ${proposals} join ${packages} on ${proposals.packageId} = ${packages.id}
        where ${isDealStatus(proposals.status)} and ${on(packages)}
    )
    select count(*)::int as count,
      (count(*) filter (where listing))::int as listings,
      percentile_cont(0.25) within group (order by eur) as p25,
      percentile_cont(0.75) within group (order by eur) as p75,
      min(eur) filter (where listing) as listing_min,
      max(eur) filter (where listing) as listing_max
    from samples`);
  const row = rowsOf(result, z.record(z.string(), z.unknown()))[0] ?? {};
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    count: Number(row.count ?? 0),
    listings: Number(row.listings ?? 0),
    p25: num(row.p25),
    p75: num(row.p75),
    listingMin: num(row.listing_min),
    listingMax: num(row.listing_max),
  };
}

type Resolved = { from: Place; to: Place } | null;

function resolveRoute(query: PriceEstimateQuery): Resolved {
  if (!query.from || !query.to) return null;
  const from = resolvePlace(query.from);
  const to = resolvePlace(query.to);
  const fields: Record<string, string> = {};
  if (!from) fields.from = 'addressNotFound';
  if (!to) fields.to = 'addressNotFound';
  if (!from || !to) throw new AppError('VALIDATION_FAILED', fields);
  return { from, to };
}

/**
 * The estimate for a query: the two cities' prices when there are enough, else the two countries',
 * else the default table. `readSamples` is routeSamples, or a cached copy of it on pages.
 */
export async function estimatePrice(
  query: PriceEstimateQuery,
  locale: Locale,
  readSamples: (route: SampleRoute) => Promise<RouteSamples> = routeSamples,
): Promise<PriceEstimate> {
  const route = resolveRoute(query);
  let scope: PriceEstimate['scope'] = 'distance';
  let samples: RouteSamples | null = null;
  let distance = Math.round(query.distance ?? 0);
  if (route) {
    distance = distanceKm(route.from, route.to);
    const countriesRoute = { fromCountry: route.from.country, toCountry: route.to.country };
    const cities = await readSamples({ ...countriesRoute, fromCity: route.from.names.fr, toCity: route.to.names.fr });
    if (enoughSamples(cities)) [scope, samples] = ['cities', cities];
    else [scope, samples] = ['countries', await readSamples(countriesRoute)];
  }
  const result = estimate({ weightKg: query.weight, distanceKm: distance, currency: query.currency, samples });
  const end = (place: Place) => ({ id: place.id, name: placeName(place, locale), country: place.country });
  const data: Omit<PriceEstimate, 'text'> = {
    weightKg: query.weight,
    billableKg: result.billableKg,
    distanceKm: distance,
    currency: query.currency,
    from: route ? end(route.from) : null,
    to: route ? end(route.to) : null,
    basis: result.basis,
    scope,
    samples: samples?.count ?? 0,
    perKg: result.perKg,
    total: result.total,
    guidance: samples ? guidance(samples, query.currency) : null,
    ratesDate: referenceRates.asOf,
  };
  return { ...data, text: describe(data, locale) };
}

/** The estimate in sentences, in a language. */
function describe(data: Omit<PriceEstimate, 'text'>, locale: Locale): PriceEstimate['text'] {
  const t = translator(locale, 'Simulator');
  const countryNames = translator(locale, 'Countries');
  const price = (amount: number) => formatPrice(amount, data.currency, locale);
  const country = (code: string) => countryName(code, locale, countryNames);
  const routeName =
    data.from && data.to
      ? data.scope === 'cities'
        ? t('route', { from: data.from.name, to: data.to.name })
        : t('route', { from: country(data.from.country), to: country(data.to.country) })
      : null;
  const kilos = formatNumber(data.billableKg, locale, 2);
  const weight =
    data.billableKg > data.weightKg ? t('weightMinimum', { weight: kilos }) : t('weight', { weight: kilos });
  const perKg = { low: price(data.perKg.low), high: price(data.perKg.high) };
  const distance = formatNumber(data.distanceKm, locale, 0);
  let explanation: string;
  if (data.basis === 'prices')
    explanation = t('explanationPrices', { count: data.samples, route: routeName ?? '', ...perKg, weight });
  else if (routeName)
    explanation = t('explanationDefaultRoute', { count: data.samples, route: routeName, distance, ...perKg, weight });
  else explanation = t('explanationDefault', { distance, ...perKg, weight });

  let guidanceText: string | null = null;
  if (data.guidance && routeName) {
    const { listings, perKg: range } = data.guidance;
    if (!range) guidanceText = t('guidanceNone', { route: routeName });
    else if (range.low === range.high)
      guidanceText = t('guidanceOne', { route: routeName, price: price(range.low), count: listings });
    else
      guidanceText = t('guidance', {
        route: routeName,
        low: price(range.low),
        high: price(range.high),
        count: listings,
      });
  }
  return {
    total: t('total', { low: price(data.total.low), high: price(data.total.high) }),
    perKg: t('perKg', perKg),
    explanation,
    guidance: guidanceText,
    rates: t('rates', { date: formatLongDate(referenceRates.asOf, locale) }),
  };
}
