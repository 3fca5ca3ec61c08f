import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, listingKind } from './columns';
import { memberRef } from './members';

// Visits counted without cookies (lib/server/traffic/): the events of the last 30 days, the figures of
// each day kept after them, the salt of the day (deleted once the day is over), and the campaign a
// member signed up from. No address, no user agent, nothing that follows a visitor from one day to the next.

/**
 * One event a public page reported (`view`, its Core Web Vitals, a share click), written in batches.
 * `visitor` (views only) is a hash of the day's salt, the address and the user agent: the same visitor
 * on the same day, never the same one on two days.
 */
export const pageEvents = pgTable(
  'page_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The calendar day in Tunisia (lib/listing-days.ts). */
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    /** The page's route template (lib/counted-pages.ts) and its path (without the query). */
    template: text('template').notNull(),
    path: text('path').notNull(),
    locale: text('locale').notNull(),
    listingKind: listingKind('listing_kind'),
    listingId: text('listing_id'),
    referrer: text('referrer'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    device: text('device').notNull(),
    visitor: text('visitor'),
    /** Milliseconds (CLS: a score). */
    lcp: real('lcp'),
    inp: real('inp'),
    cls: real('cls'),
    ttfb: real('ttfb'),
    network: text('network'),
  },
  (t) => [
    index('page_events_day_idx').on(t.day, t.type),
    check('page_events_type', sql`${t.type} in ('view', 'vitals', 'share')`),
  ],
);

/** A day's visitors and page views, once the day is rolled up (its events may then go after 30 days). */
export const trafficDays = pgTable('traffic_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  visitors: integer('visitors').notNull(),
  views: integer('views').notNull(),
  rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A day's visitors and views by one value of a dimension: `page` (a path), `listing` (kind:id),
 * `referrer` (a host), `campaign` (JSON [source, medium, campaign]), `device`, `locale`.
 */
export const trafficDayFacts = pgTable(
  'traffic_day_facts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    visitors: integer('visitors').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);

/** A day's 75th percentile of a Core Web Vital, by page template and device class, and how many pages reported it. */
export const vitalsDays = pgTable(
  'vitals_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    template: text('template').notNull(),
    device: text('device').notNull(),
    metric: text('metric').notNull(),
    p75: real('p75').notNull(),
    samples: integer('samples').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.template, t.device, t.metric] })],
);

/** Views and share clicks of a listing by day, counted as the events are written: what its owner sees. */
export const listingViewDays = pgTable(
  'listing_view_days',
  {
    kind: listingKind('kind').notNull(),
    listingId: text('listing_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    shares: integer('shares').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.listingId, t.day] })],
);

/** The salt of a day's visitor hashes, shared by every instance; deleted once the day is over. */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** The campaign tags of the visit in which a member signed up (the tab's own, sent with the sign-up). */
export const memberCampaigns = pgTable('member_campaigns', {
  userId: memberRef('user_id').primaryKey(),
  source: text('source'),
  medium: text('medium'),
  campaign: text('campaign'),
  createdAt: createdAt(),
});
