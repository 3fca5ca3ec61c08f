import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, listingKind } from './columns';
import { identityCheckStatuses, memberRoles, moderationActions } from '../../../domain';

// Members: better-auth's tables (users, sessions, accounts, verifications), phone codes, and what
// members say of each other (favourites, likes, ratings, reports).

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
    /** Reported by enough different members (lib/server/members/reports.ts): first in the moderation queue. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** Staff see the moderation queue (lib/domain.ts memberRoles). */
    role: text('role', { enum: memberRoles }).notNull().default('member'),
    /** A suspended member cannot sign in; their listings are out of every list (lib/server/moderation/). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
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

/** A column naming a member: the row goes when the member's account is deleted. */
export const memberRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    token: text('token').notNull().unique(),
    userId: memberRef('user_id'),
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
    userId: memberRef('user_id'),
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

// ---------------------------------------------------------------- trust and community

export const favourites = pgTable(
  'favourites',
  {
    userId: memberRef('user_id'),
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
    userId: memberRef('user_id'),
    likedUserId: memberRef('liked_user_id'),
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
    authorId: memberRef('author_id'),
    ratedUserId: memberRef('rated_user_id'),
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
    reporterId: memberRef('reporter_id'),
    reportedUserId: memberRef('reported_user_id'),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** The listing the report is about, when it names one (the queue groups by it). */
    listingKind: listingKind('listing_kind'),
    listingId: text('listing_id'),
    /** When a moderator acted on it (dismissed or otherwise): it leaves the queue. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reports_not_self', sql`${t.reporterId} <> ${t.reportedUserId}`),
    // One report per member about another: the flag counts different members.
    uniqueIndex('reports_once').on(t.reporterId, t.reportedUserId),
    index('reports_reported_idx').on(t.reportedUserId),
  ],
);

// ---------------------------------------------------------------- moderation (lib/server/moderation/)

/** The audit log: who did what to whom, when and why. A moderator's rows stay if their account goes. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: id(),
    moderatorId: text('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    memberId: memberRef('member_id'),
    action: text('action', { enum: moderationActions }).notNull(),
    listingKind: listingKind('listing_kind'),
    listingId: text('listing_id'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_log_member_idx').on(t.memberId, t.createdAt)],
);

/** A member's identity check: a document and a selfie in private storage, until `keepDays` after the decision. */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: id(),
    userId: memberRef('user_id'),
    status: text('status', { enum: identityCheckStatuses }).notNull().default('pending'),
    documentKey: text('document_key'),
    selfieKey: text('selfie_key'),
    reason: text('reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('identity_checks_user_idx').on(t.userId, t.createdAt),
    // One check waiting per member.
    uniqueIndex('identity_checks_pending_unique')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A member who blocked another: no new conversation or proposal between them, no new message (lib/server/members/blocks.ts). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: memberRef('blocker_id'),
    blockedId: memberRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
