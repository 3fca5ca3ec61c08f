import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { defaultQuietHours, phoneCodeChannels, phoneDeliveryStatuses, suppressionReasons } from '../../../domain';
import { createdAt, id, updatedAt } from './columns';
import { memberRef, users } from './members';
import { conversations } from './deals';

// Members who are away (lib/server/notify/preferences.ts, lib/server/deals/unread-mail.ts,
// lib/server/notify/push.ts): what they want to be told, where their browsers receive pushes, when
// a live stream of theirs was last open, and what each conversation already told them.

/** A member's notification settings; no row means the defaults (everything on, quiet hours 22:00–08:00). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The kind and channel pairs switched off, as `channel:kind` (e.g. `email:alerts`). */
    muted: text('muted')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quietEnabled: boolean('quiet_enabled').notNull().default(defaultQuietHours.enabled),
    /** Minutes after midnight, in `timeZone`. */
    quietFrom: smallint('quiet_from').notNull().default(defaultQuietHours.from),
    quietTo: smallint('quiet_to').notNull().default(defaultQuietHours.to),
    timeZone: text('time_zone').notNull().default(defaultQuietHours.timeZone),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('notification_settings_quiet_from', sql`${t.quietFrom} BETWEEN 0 AND 1439`),
    check('notification_settings_quiet_to', sql`${t.quietTo} BETWEEN 0 AND 1439`),
  ],
);

/** When a live stream of the member was last open, on any instance (touched while one is). */
export const streamPresence = pgTable('stream_presence', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});

/** Per conversation and recipient: the last unread-messages e-mail, and the last push shown. */
export const conversationNotices = pgTable(
  'conversation_notices',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: memberRef('user_id'),
    /** When the last e-mail about unread messages was sent. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** The newest message that e-mail covered: later ones make the next one. */
    mailedUpTo: timestamp('mailed_up_to', { withTimezone: true }),
    /** When the member's browser last showed a push of this conversation (the service worker says so). */
    pushShownAt: timestamp('push_shown_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_notices_user_idx').on(t.userId)],
);

/** A browser's push subscription (W3C Push API), one per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: memberRef('user_id'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * A text message carrying a phone code (lib/server/notify/phone-messages.ts): the channel it went by,
 * the provider's id for it, and what the provider last said became of it (its status callbacks).
 */
export const phoneMessages = pgTable(
  'phone_messages',
  {
    id: id(),
    userId: memberRef('user_id'),
    /** The number in E.164. */
    phone: text('phone').notNull(),
    channel: text('channel', { enum: phoneCodeChannels }).notNull(),
    /** `outbox` or `twilio`: who was handed the message. */
    provider: text('provider'),
    /** The provider's id of the message (Twilio's MessageSid), once it took it. */
    providerId: text('provider_id'),
    status: text('status', { enum: phoneDeliveryStatuses }).notNull().default('queued'),
    /** The provider's error code when the message failed (Twilio's ErrorCode, e.g. 30003, 63016). */
    errorCode: text('error_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('phone_messages_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('phone_messages_provider_id_unique').on(t.providerId),
  ],
);

/**
 * Addresses that no longer receive notification e-mail (lib/server/notify/suppression.ts): a hard
 * bounce or a complaint reported by Amazon SES through SNS. Kept by address, so a member who changes
 * theirs receives mail again.
 */
export const emailSuppressions = pgTable('email_suppressions', {
  /** The address, in lower case. */
  email: text('email').primaryKey(),
  reason: text('reason', { enum: suppressionReasons }).notNull(),
  /** What SES said (the bounce's type and diagnostic, or the complaint's feedback type), for staff. */
  detail: text('detail'),
  /** The SNS message that reported it. */
  messageId: text('message_id'),
  createdAt: createdAt(),
});
