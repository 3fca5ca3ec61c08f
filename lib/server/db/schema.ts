import { relations, sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  currencies,
  dealStatuses,
  imageLimits,
  listingKinds,
  listingStatuses,
  messageKinds,
  openStatuses,
  messageStatuses,
  proposalStatuses,
  travelTypes,
} from '../../domain';

// The marketplace's tables. Rules the database can hold are constraints here (DESIGN.md):
// one proposal per listing per user, endedAt after startedAt, weight and price above 0,
// at most 10 images per listing.

const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const listingStatus = pgEnum('listing_status', listingStatuses);
export const travelType = pgEnum('travel_type', travelTypes);
export const currency = pgEnum('currency', currencies);
export const listingKind = pgEnum('listing_kind', listingKinds);
export const proposalStatus = pgEnum('proposal_status', proposalStatuses);
export const messageStatus = pgEnum('message_status', messageStatuses);
export const messageKind = pgEnum('message_kind', messageKinds);

// ---------------------------------------------------------------- accounts (better-auth's tables)

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    /** When the member accepted the terms of use (required to create an account). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    identityVerified: boolean('identity_verified').notNull().default(false),
    locale: text('locale').notNull().default('fr'),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }),
    ratingCount: integer('rating_count').notNull().default(0),
    /** The deal e-mails this member wants (lib/server/deals/mail.ts); settings switch them off. */
    notifyProposals: boolean('notify_proposals').notNull().default(true),
    notifyDeals: boolean('notify_deals').notNull().default(true),
    notifyMessages: boolean('notify_messages').notNull().default(true),
    /** Reported by enough different members (lib/server/members/reports.ts): their listings are noindex. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // A verified phone belongs to one account only.
    uniqueIndex('users_verified_phone_unique')
      .on(t.phone)
      .where(sql`${t.phoneVerified}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Counters of lib/server/limits.ts (and of better-auth's own limiter): `lastRequest` is the window's start, in ms. */
export const rateLimits = pgTable('rate_limits', {
  id: id(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: doublePrecision('last_request').notNull(),
});

/** Server-wide settings that every instance must share, such as the session signing secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** One pending phone code per user: hashed, with when it was sent (tries are counted in lib/server/limits.ts). */
export const phoneCodes = pgTable('phone_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- listings

/**
 * A point on the unit sphere as a `cube` (the cube extension): (x, y, z) of a latitude and longitude in
 * degrees. The straight-line distance between two such points (`<->`) grows with the distance along
 * the Earth's surface, so a GiST index on it finds the nearest listings in order (lib/server/public/nearby.ts).
 * The nearby query writes the same expression as the index, so that the planner uses it.
 */
export const unitSpherePoint = (lat: AnyPgColumn | SQL, lng: AnyPgColumn | SQL) =>
  sql`cube(array[cos(radians(${lat})) * cos(radians(${lng})), cos(radians(${lat})) * sin(radians(${lng})), sin(radians(${lat}))])`;

/** `status in ('upcoming', 'active')` with literal values, so the planner matches the partial indexes of open listings. */
export const isOpenListing = (status: AnyPgColumn) =>
  sql`${status} in (${sql.raw(openStatuses.map((s) => `'${s}'`).join(', '))})`;

const listingColumns = () => ({
  id: id(),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  fromCity: text('from_city').notNull(),
  fromCountry: text('from_country').notNull(),
  fromPlaceId: integer('from_place_id'),
  fromLat: doublePrecision('from_lat').notNull(),
  fromLng: doublePrecision('from_lng').notNull(),
  toCity: text('to_city').notNull(),
  toCountry: text('to_country').notNull(),
  toPlaceId: integer('to_place_id'),
  toLat: doublePrecision('to_lat').notNull(),
  toLng: doublePrecision('to_lng').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  pricePerKg: numeric('price_per_kg', { precision: 10, scale: 3, mode: 'number' }).notNull(),
  currency: currency('currency').notNull(),
  status: listingStatus('status').notNull().default('upcoming'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const packages = pgTable(
  'packages',
  {
    ...listingColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    weightKg: numeric('weight_kg', { precision: 7, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    check('packages_dates', sql`${t.endedAt} > ${t.startedAt}`),
    check('packages_weight_positive', sql`${t.weightKg} > 0`),
    check('packages_price_positive', sql`${t.pricePerKg} > 0`),
    check('packages_name_present', sql`length(trim(${t.name})) > 0`),
    index('packages_route_idx').on(t.fromCountry, t.toCountry, t.startedAt),
    index('packages_cities_idx').on(t.fromCity, t.toCity),
    index('packages_status_date_idx').on(t.status, t.startedAt, t.id),
    // The default list (open listings by departure date) reads this index in order and stops at the page size.
    index('packages_open_date_idx').on(t.startedAt, t.id).where(isOpenListing(t.status)),
    index('packages_created_idx').on(t.createdAt, t.id),
    index('packages_owner_idx').on(t.ownerId),
    // Open packages by where they leave from: the map of offers around me, nearest first.
    index('packages_open_near_idx').using('gist', unitSpherePoint(t.fromLat, t.fromLng)).where(isOpenListing(t.status)),
  ],
);

export const packageImages = pgTable(
  'package_images',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.position] }),
    // Positions from 0 (the cover) to the limit: at most imageLimits.perListing images.
    check(
      'package_images_position',
      sql`${t.position} >= 0 and ${t.position} < ${sql.raw(String(imageLimits.perListing))}`,
    ),
  ],
);

export const travels = pgTable(
  'travels',
  {
    ...listingColumns(),
    travelType: travelType('travel_type').notNull(),
    availableKg: numeric('available_kg', { precision: 7, scale: 2, mode: 'number' }),
    description: text('description').notNull().default(''),
  },
  (t) => [
    check('travels_dates', sql`${t.endedAt} > ${t.startedAt}`),
    check('travels_price_positive', sql`${t.pricePerKg} > 0`),
    check('travels_available_positive', sql`${t.availableKg} is null or ${t.availableKg} > 0`),
    index('travels_route_idx').on(t.fromCountry, t.toCountry, t.startedAt),
    index('travels_cities_idx').on(t.fromCity, t.toCity),
    index('travels_status_date_idx').on(t.status, t.startedAt, t.id),
    index('travels_open_date_idx').on(t.startedAt, t.id).where(isOpenListing(t.status)),
    index('travels_type_idx').on(t.travelType, t.startedAt),
    index('travels_created_idx').on(t.createdAt, t.id),
    index('travels_owner_idx').on(t.ownerId),
    index('travels_open_near_idx').using('gist', unitSpherePoint(t.fromLat, t.fromLng)).where(isOpenListing(t.status)),
  ],
);

// A row refers to exactly one listing, a package or a travel.
const listingRef = () => ({
  packageId: text('package_id').references(() => packages.id, { onDelete: 'cascade' }),
  travelId: text('travel_id').references(() => travels.id, { onDelete: 'cascade' }),
});
const oneListing = (name: string, t: { packageId: unknown; travelId: unknown }) =>
  check(name, sql`num_nonnulls(${t.packageId}, ${t.travelId}) = 1`);

// ---------------------------------------------------------------- proposals and messaging

/** `status in ('accepted', 'in_transit', 'delivered')`, literal values for partial indexes. */
export const isDealStatus = (status: AnyPgColumn) =>
  sql`${status} in (${sql.raw(dealStatuses.map((s) => `'${s}'`).join(', '))})`;

export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    ...listingRef(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    currency: currency('currency').notNull(),
    status: proposalStatus('status').notNull().default('pending'),
    /** The listing owner's counter-proposal: while set on a pending proposal, the proposer answers. */
    counterAmount: numeric('counter_amount', { precision: 10, scale: 3, mode: 'number' }),
    /** The amount both agreed on (the proposal's, or the counter-proposal's). */
    agreedAmount: numeric('agreed_amount', { precision: 10, scale: 3, mode: 'number' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** A parcel deal's handover codes: the parcel's sender sees them, the carrier types them. */
    pickupCode: text('pickup_code'),
    deliveryCode: text('delivery_code'),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneListing('proposals_one_listing', t),
    check('proposals_amount_positive', sql`${t.amount} > 0`),
    check('proposals_counter_positive', sql`${t.counterAmount} is null or ${t.counterAmount} > 0`),
    check('proposals_not_self', sql`${t.senderId} <> ${t.publisherId}`),
    // A deal has its amount (kept if it is cancelled later: the member's record counts those).
    check('proposals_deal_agreed', sql`not ${isDealStatus(t.status)} or ${t.agreedAmount} is not null`),
    // A parcel travels with one carrier: at most one deal per package.
    uniqueIndex('proposals_one_deal_per_package')
      .on(t.packageId)
      .where(sql`${t.packageId} is not null and ${isDealStatus(t.status)}`),
    // One proposal per listing per user.
    uniqueIndex('proposals_one_per_package')
      .on(t.packageId, t.senderId)
      .where(sql`${t.packageId} is not null`),
    uniqueIndex('proposals_one_per_travel')
      .on(t.travelId, t.senderId)
      .where(sql`${t.travelId} is not null`),
    index('proposals_publisher_idx').on(t.publisherId, t.status),
    index('proposals_sender_idx').on(t.senderId, t.status),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    ...listingRef(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    oneListing('conversations_one_listing', t),
    check('conversations_not_self', sql`${t.ownerId} <> ${t.contactId}`),
    uniqueIndex('conversations_package_contact')
      .on(t.packageId, t.contactId)
      .where(sql`${t.packageId} is not null`),
    uniqueIndex('conversations_travel_contact')
      .on(t.travelId, t.contactId)
      .where(sql`${t.travelId} is not null`),
    index('conversations_owner_idx').on(t.ownerId, t.lastMessageAt),
    index('conversations_contact_idx').on(t.contactId, t.lastMessageAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: messageKind('kind').notNull().default('text'),
    body: text('body').notNull().default(''),
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    proposalId: text('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    /** A step of the deal: the amount it named, in the proposal's currency. */
    amount: numeric('amount', { precision: 10, scale: 3, mode: 'number' }),
    status: messageStatus('status').notNull().default('sent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_not_empty', sql`${t.kind} <> 'text' or length(trim(${t.body})) > 0 or ${t.imageKey} is not null`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
  ],
);

/**
 * What each member's open tabs must hear (lib/server/events/live.ts): a new message, a status, a step of a
 * deal, the unread count. `seq` counts per member, taken under a row lock of live_counters in the
 * writing transaction, so a member's events commit in order and a reconnecting tab asks for the ones
 * after the last it got (Last-Event-ID). Old ones are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('live_events_created_idx').on(t.createdAt)],
);

export const liveCounters = pgTable('live_counters', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------- trust and community

export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: listingKind('kind').notNull(),
    listingId: text('listing_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.listingId] }),
    // A listing's favourites go with it (lib/server/listings/listings.ts deleteListing).
    index('favourites_listing_idx').on(t.kind, t.listingId),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedUserId: text('liked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.likedUserId] }),
    check('likes_not_self', sql`${t.userId} <> ${t.likedUserId}`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratedUserId: text('rated_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('ratings_score', sql`${t.score} between 1 and 5`),
    check('ratings_not_self', sql`${t.authorId} <> ${t.ratedUserId}`),
    // "Already rated this user": one rating per author and rated user.
    uniqueIndex('ratings_once').on(t.authorId, t.ratedUserId),
    index('ratings_rated_idx').on(t.ratedUserId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: text('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('reports_not_self', sql`${t.reporterId} <> ${t.reportedUserId}`),
    // One report per member about another: the flag counts different members.
    uniqueIndex('reports_once').on(t.reporterId, t.reportedUserId),
    index('reports_reported_idx').on(t.reportedUserId),
  ],
);

/**
 * A saved search of colis or trajets (lib/server/public/alerts.ts): the list's filters, resolved (a city is
 * its gazetteer id), so that one query matches a new listing against every alert. At most one digest
 * a day: `lastSentAt` is claimed atomically before a digest goes.
 */
export const routeAlerts = pgTable(
  'route_alerts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

// ---------------------------------------------------------------- relations and types

export const packagesRelations = relations(packages, ({ one, many }) => ({
  owner: one(users, { fields: [packages.ownerId], references: [users.id] }),
  images: many(packageImages),
}));
export const packageImagesRelations = relations(packageImages, ({ one }) => ({
  package: one(packages, { fields: [packageImages.packageId], references: [packages.id] }),
}));
export const travelsRelations = relations(travels, ({ one }) => ({
  owner: one(users, { fields: [travels.ownerId], references: [users.id] }),
}));

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Package = typeof packages.$inferSelect;
export type NewPackage = typeof packages.$inferInsert;
export type Travel = typeof travels.$inferSelect;
export type NewTravel = typeof travels.$inferInsert;
export type Proposal = typeof proposals.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type LiveEvent = typeof liveEvents.$inferSelect;
export type RouteAlert = typeof routeAlerts.$inferSelect;
