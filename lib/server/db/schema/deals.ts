import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dealStatuses } from '../../../domain';
import { id, createdAt, updatedAt, currency, proposalStatus, messageStatus, messageKind, parcelSize } from './columns';
import { memberRef, users } from './members';
import { listingRef, oneListing } from './listings';

// Deals: proposals (one pending per listing per user, a row refers to exactly one listing), conversations,
// messages, and the live events members' tabs hear.

// ---------------------------------------------------------------- proposals and messaging

/** `status in ('accepted', 'in_transit', 'delivered')`, literal values for partial indexes. */
export const isDealStatus = (status: AnyPgColumn) =>
  sql`${status} in (${sql.raw(dealStatuses.map((s) => `'${s}'`).join(', '))})`;

export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    ...listingRef(),
    senderId: memberRef('sender_id'),
    publisherId: memberRef('publisher_id'),
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
    /** On a trip: the parcel the proposer sends (its weight, size category, contents in words), and
     * when they declared it holds nothing prohibited. Null on a package (the listing describes it). */
    parcelWeightKg: numeric('parcel_weight_kg', { precision: 7, scale: 2, mode: 'number' }),
    parcelSize: parcelSize('parcel_size'),
    parcelContents: text('parcel_contents'),
    prohibitedDeclaredAt: timestamp('prohibited_declared_at', { withTimezone: true }),
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
    check('proposals_parcel_weight_positive', sql`${t.parcelWeightKg} is null or ${t.parcelWeightKg} > 0`),
    // Never two pending proposals of one member on one listing (a new one may follow a declined or
    // cancelled one: lib/server/deals/proposals.ts counts them).
    uniqueIndex('proposals_one_pending_per_package')
      .on(t.packageId, t.senderId)
      .where(sql`${t.packageId} is not null and ${t.status} = 'pending'`),
    uniqueIndex('proposals_one_pending_per_travel')
      .on(t.travelId, t.senderId)
      .where(sql`${t.travelId} is not null and ${t.status} = 'pending'`),
    index('proposals_package_sender_idx').on(t.packageId, t.senderId),
    index('proposals_travel_sender_idx').on(t.travelId, t.senderId),
    index('proposals_publisher_idx').on(t.publisherId, t.status),
    index('proposals_sender_idx').on(t.senderId, t.status),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    ...listingRef(),
    ownerId: memberRef('owner_id'),
    contactId: memberRef('contact_id'),
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
    senderId: memberRef('sender_id'),
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
    userId: memberRef('user_id'),
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
