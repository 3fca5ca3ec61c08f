import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, exists, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alertRules, type ListingKind } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { siteUrl } from '@/lib/env';
import { formatLongDate } from '@/lib/dates';
import { cityName, formatPrice, searchEndName } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { placeById } from '@/lib/places';
import { listingPath, listPath } from '@/lib/routes';
import { filtersToQuery } from '@/lib/schemas/listings';
import type { Alert, AlertInput } from '@/lib/schemas/member';
import { userLocale } from '@/lib/server/auth/auth';
import { getDb, type Tx } from '@/lib/server/db/client';
import {
  alertMatches,
  isOpenListing,
  packages,
  routeAlerts,
  travels,
  users,
  type RouteAlert,
} from '@/lib/server/db/schema';
import { apiBasePath } from '@/lib/routes';
import { hit } from '@/lib/server/limits';
import { listingSummaries, listingTable, resolvePlace } from '@/lib/server/listings/listings';
import { enqueue } from '@/lib/server/jobs/queue';
import { shouldNotify } from '@/lib/server/notify';
import { translator } from '@/lib/server/translate';

// Route alerts (beyond the specification): a member saves a filtered colis or trajets list; each new
// listing that the list would show is matched, by a job the listing's write enqueues, against every
// alert in one query; an alert's matches go out as one e-mail digest, at most one a day, in the
// member's language, with a one-click unsubscribe. A digest not due yet waits for the sweep (the
// `alert-digests` job, lib/server/jobs/definitions.ts).

/** The list filters an alert keeps, resolved: a city is its gazetteer id (the list matches it so). */
function criteriaOf(kind: ListingKind, input: AlertInput['filters']) {
  const side = (name: 'from' | 'to') => {
    const city = input[name];
    const country = input[`${name}Country`];
    if (!city) return { placeId: null, country: country ?? null };
    const place = resolvePlace(city, country);
    if (!place) throw new AppError('VALIDATION_FAILED', { [`filters.${name}`]: 'cityUnknown' });
    return { placeId: place.id, country: null };
  };
  const from = side('from');
  const to = side('to');
  return {
    fromPlaceId: from.placeId,
    fromCountry: from.country,
    toPlaceId: to.placeId,
    toCountry: to.country,
    after: input.after ?? null,
    before: input.before ?? null,
    maxPrice: input.maxPrice ?? null,
    minWeight: input.minWeight ?? null,
    maxWeight: kind === 'package' ? (input.maxWeight ?? null) : null,
    travelType: kind === 'travel' ? (input.type ?? null) : null,
  };
}

/** The list's query string of an alert (its "see them all" link), cities by their French names. */
function alertQuery(alert: RouteAlert): string {
  const city = (id: number | null) => (id === null ? undefined : placeById(id)?.names.fr);
  const country = (id: number | null, code: string | null) =>
    id === null ? (code ?? undefined) : placeById(id)?.country;
  return filtersToQuery({
    from: city(alert.fromPlaceId),
    fromCountry: country(alert.fromPlaceId, alert.fromCountry),
    to: city(alert.toPlaceId),
    toCountry: country(alert.toPlaceId, alert.toCountry),
    after: alert.after,
    before: alert.before,
    minWeight: alert.minWeight,
    maxWeight: alert.maxWeight,
    maxPrice: alert.maxPrice,
    type: alert.travelType,
  });
}

function view(alert: RouteAlert): Alert {
  return {
    id: alert.id,
    kind: alert.kind,
    criteria: {
      fromPlaceId: alert.fromPlaceId,
      fromCountry: alert.fromCountry,
      toPlaceId: alert.toPlaceId,
      toCountry: alert.toCountry,
      after: alert.after,
      before: alert.before,
      maxPrice: alert.maxPrice,
      minWeight: alert.minWeight,
      maxWeight: alert.maxWeight,
      type: alert.travelType,
    },
    query: alertQuery(alert),
    lastSentAt: alert.lastSentAt?.toISOString() ?? null,
    createdAt: alert.createdAt.toISOString(),
  };
}

/** POST /alerts: the filters of a list, at least one; a member keeps alertRules.perMember at most. */
export async function createAlert(userId: string, input: AlertInput): Promise<Alert> {
  const criteria = criteriaOf(input.kind, input.filters);
  if (Object.values(criteria).every((value) => value === null))
    throw new AppError('VALIDATION_FAILED', { filters: 'alertNeedsFilter' });
  const db = await getDb();
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(routeAlerts)
    .where(eq(routeAlerts.userId, userId));
  if (n >= alertRules.perMember) throw new AppError('TOO_MANY_ALERTS');
  await hit('alertsPerUser', userId);
  const [alert] = await db
    .insert(routeAlerts)
    .values({
      id: randomBytes(12).toString('base64url'),
      userId,
      kind: input.kind,
      ...criteria,
      unsubscribeToken: randomBytes(24).toString('base64url'),
    })
    .returning();
  return view(alert!);
}

/** GET /alerts: newest first. */
export async function listAlerts(userId: string): Promise<{ items: Alert[] }> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(routeAlerts)
    .where(eq(routeAlerts.userId, userId))
    .orderBy(desc(routeAlerts.createdAt), desc(routeAlerts.id));
  return { items: rows.map(view) };
}

/** DELETE /alerts/{id}: the member's own (another's answers as if it did not exist). */
export async function deleteAlert(userId: string, id: string): Promise<void> {
  const db = await getDb();
  const [gone] = await db
    .delete(routeAlerts)
    .where(and(eq(routeAlerts.id, id), eq(routeAlerts.userId, userId)))
    .returning({ id: routeAlerts.id });
  if (!gone) throw new AppError('ALERT_NOT_FOUND');
}

/** POST /alerts/unsubscribe?token=: the e-mail's one-click link (or a mail client's List-Unsubscribe-Post). */
export async function unsubscribeAlert(token: string): Promise<void> {
  const db = await getDb();
  const [gone] = await db
    .delete(routeAlerts)
    .where(eq(routeAlerts.unsubscribeToken, token))
    .returning({ id: routeAlerts.id });
  if (!gone) throw new AppError('ALERT_NOT_FOUND');
}

// ---------------------------------------------------------------- matching

/**
 * The alerts of other members that a listing matches, as listListings (lib/server/listings/listings.ts) would
 * show it on their filtered list: open, same cities (gazetteer ids) or countries, departure between
 * the days (UTC), price and weights within bounds, the means of transport.
 */
function matchConditions(kind: ListingKind): SQL[] {
  const t = listingTable(kind);
  const a = routeAlerts;
  const conditions: SQL[] = [
    eq(a.kind, kind),
    ne(a.userId, t.ownerId),
    isOpenListing(t.status),
    isNull(t.hidden),
    or(isNull(a.fromPlaceId), eq(a.fromPlaceId, t.fromPlaceId))!,
    or(isNull(a.fromCountry), eq(a.fromCountry, t.fromCountry))!,
    or(isNull(a.toPlaceId), eq(a.toPlaceId, t.toPlaceId))!,
    or(isNull(a.toCountry), eq(a.toCountry, t.toCountry))!,
    or(isNull(a.after), gte(t.startedAt, sql`(${a.after}::timestamp at time zone 'UTC')`))!,
    or(isNull(a.before), lt(t.startedAt, sql`((${a.before} + 1)::timestamp at time zone 'UTC')`))!,
    or(isNull(a.maxPrice), lte(t.pricePerKg, a.maxPrice))!,
  ];
  if (kind === 'package')
    conditions.push(
      or(isNull(a.minWeight), gte(packages.weightKg, a.minWeight))!,
      or(isNull(a.maxWeight), lte(packages.weightKg, a.maxWeight))!,
    );
  else
    conditions.push(
      or(isNull(a.travelType), eq(travels.travelType, a.travelType))!,
      or(isNull(a.minWeight), gte(travels.availableKg, a.minWeight))!,
    );
  return conditions;
}

/** Records a new listing against the alerts it matches, then sends the digests that are due. */
export async function matchNewListing(kind: ListingKind, listingId: string): Promise<string[]> {
  const db = await getDb();
  const t = listingTable(kind);
  const matched = await db
    .select({ id: routeAlerts.id })
    .from(routeAlerts)
    .innerJoin(t, eq(t.id, listingId))
    .where(and(...matchConditions(kind)));
  if (!matched.length) return [];
  await db
    .insert(alertMatches)
    .values(matched.map((m) => ({ alertId: m.id, kind, listingId })))
    .onConflictDoNothing();
  for (const { id } of matched) await sendDigest(id);
  return matched.map((m) => m.id);
}

/**
 * Sends an alert's digest if one is due, in one transaction: the alert is claimed (its lastSentAt
 * moved to now only if it had none in the last day and has matches waiting), so that of two
 * instances or two listings at once, one sends; its e-mail is enqueued and the matches it lists removed.
 */
export async function sendDigest(alertId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  return db.transaction((tx) => digestIn(tx, alertId, now));
}

async function digestIn(tx: Tx, alertId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - alertRules.digestHours * 3600 * 1000);
  const [alert] = await tx
    .update(routeAlerts)
    .set({ lastSentAt: now })
    .where(
      and(
        eq(routeAlerts.id, alertId),
        or(isNull(routeAlerts.lastSentAt), lte(routeAlerts.lastSentAt, since)),
        exists(
          tx
            .select({ one: sql`1` })
            .from(alertMatches)
            .where(eq(alertMatches.alertId, alertId)),
        ),
      ),
    )
    .returning();
  if (!alert) return false;
  const waiting = await tx
    .select()
    .from(alertMatches)
    .where(eq(alertMatches.alertId, alertId))
    .orderBy(asc(alertMatches.createdAt));
  const summaries = await listingSummaries(
    waiting.map((m) => ({ kind: m.kind, id: m.listingId })),
    tx,
  );
  const listings = waiting.flatMap((m) => summaries.get(`${m.kind}:${m.listingId}`) ?? []);
  if (listings.length) await mailDigest(tx, alert, listings.slice(0, alertRules.digestListings), listings.length);
  await tx.delete(alertMatches).where(
    and(
      eq(alertMatches.alertId, alertId),
      inArray(
        alertMatches.listingId,
        waiting.map((m) => m.listingId),
      ),
    ),
  );
  return listings.length > 0;
}

async function mailDigest(
  tx: Tx,
  alert: RouteAlert,
  listings: Awaited<ReturnType<typeof listingSummaries>> extends Map<string, infer S> ? S[] : never,
  total: number,
) {
  const [member] = await tx.select().from(users).where(eq(users.id, alert.userId));
  if (!member || !(await shouldNotify(member.id, 'alerts', 'email', undefined, tx)).send) return;
  const locale = userLocale(member);
  const t = translator(locale, 'Emails');
  const l = translator(locale, 'Listings');
  const c = translator(locale, 'Countries');
  const place = (placeId: number | null, country: string | null) =>
    searchEndName({ placeId, country }, locale, c, t('alertAnywhere'));
  const title = `${place(alert.fromPlaceId, alert.fromCountry)} → ${place(alert.toPlaceId, alert.toCountry)}`;
  const lines = listings.map(
    (listing) =>
      `- ${cityName(listing.from, locale)} → ${cityName(listing.to, locale)} · ${formatLongDate(listing.startedAt, locale)} · ${l('perKg', { price: formatPrice(listing.pricePerKg, listing.currency, locale) })}\n  ${siteUrl}${localPath(locale, listingPath(listing))}`,
  );
  const oneClick = `${siteUrl}${apiBasePath}/alerts/unsubscribe?token=${encodeURIComponent(alert.unsubscribeToken)}`;
  await enqueue(tx, 'mail', {
    to: member.email,
    subject: t('alertDigestSubject', { count: total, alert: title }),
    text: t('alertDigestText', {
      firstname: member.firstname,
      count: total,
      alert: title,
      listings: lines.join('\n'),
      searchUrl: `${siteUrl}${localPath(locale, listPath(alert.kind))}${alertQuery(alert)}`,
      unsubscribeUrl: `${siteUrl}${localPath(locale, 'desabonnement-alerte')}?token=${encodeURIComponent(alert.unsubscribeToken)}`,
      hours: alertRules.digestHours,
    }),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    notice: true,
  });
}

/** Every digest that is due: alerts with matches waiting and none sent in the last day. */
export async function sendDueDigests(now = new Date()): Promise<number> {
  const db = await getDb();
  const since = new Date(now.getTime() - alertRules.digestHours * 3600 * 1000);
  const due = await db
    .selectDistinct({ id: alertMatches.alertId })
    .from(alertMatches)
    .innerJoin(routeAlerts, eq(routeAlerts.id, alertMatches.alertId))
    .where(or(isNull(routeAlerts.lastSentAt), lte(routeAlerts.lastSentAt, since)));
  let sent = 0;
  for (const { id } of due) if (await sendDigest(id, now)) sent += 1;
  return sent;
}
