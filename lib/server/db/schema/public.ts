import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt, travelType, listingKind } from './columns';
import { memberRef, users } from './members';

// For visitors: route alerts, the newsletter, the contact form and its captcha.

/**
 * A saved search of colis or trajets (lib/server/public/alerts.ts): the list's filters, resolved (a city is
 * its gazetteer id), so that one query matches a new listing against every alert. At most one digest
 * a day: `lastSentAt` is claimed atomically before a digest goes.
 */
export const routeAlerts = pgTable(
  'route_alerts',
  {
    id: id(),
    userId: memberRef('user_id'),
    kind: listingKind('kind').notNull(),
    fromPlaceId: integer('from_place_id'),
    fromCountry: text('from_country'),
    toPlaceId: integer('to_place_id'),
    toCountry: text('to_country'),
    after: date('after', { mode: 'string' }),
    before: date('before', { mode: 'string' }),
    maxPrice: numeric('max_price', { precision: 10, scale: 3, mode: 'number' }),
    minWeight: numeric('min_weight', { precision: 7, scale: 2, mode: 'number' }),
    maxWeight: numeric('max_weight', { precision: 7, scale: 2, mode: 'number' }),
    travelType: travelType('travel_type'),
    /** The one-click unsubscribe link's secret (it can only delete this alert). */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('route_alerts_token_unique').on(t.unsubscribeToken),
    index('route_alerts_user_idx').on(t.userId),
    index('route_alerts_kind_idx').on(t.kind, t.fromCountry, t.toCountry),
  ],
);

/** New listings that matched an alert and wait for its next digest. */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: text('alert_id')
      .notNull()
      .references(() => routeAlerts.id, { onDelete: 'cascade' }),
    kind: listingKind('kind').notNull(),
    listingId: text('listing_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.kind, t.listingId] }),
    index('alert_matches_listing_idx').on(t.kind, t.listingId),
  ],
);

/**
 * One row per address (lower case), so an address is never subscribed twice. Double opt-in: a row is
 * pending until the link of the confirmation e-mail is followed (`confirmedAt`); only confirmed rows
 * get the newsletter. Unsubscribing deletes the row. (lib/server/public/newsletter.ts)
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    email: text('email').primaryKey(),
    locale: text('locale').notNull().default('fr'),
    createdAt: createdAt(),
    /** SHA-256 of the confirmation link's token (the token itself is only in the e-mail). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The token of the unsubscribe link of every newsletter e-mail (it can only unsubscribe). */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    uniqueIndex('newsletter_confirm_token_unique').on(t.confirmTokenHash),
    uniqueIndex('newsletter_unsubscribe_token_unique').on(t.unsubscribeToken),
  ],
);

/**
 * ALTCHA solutions already accepted, by challenge nonce, until their challenge expires: a solution is
 * accepted once, by whichever instance sees it first (lib/server/public/captcha.ts).
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_expiry_idx').on(t.expiresAt)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull().default('fr'),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
