import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { defaultQuietHours } from '../../../domain';
import { createdAt, id, updatedAt } from './columns';
import { memberRef, users } from './members';
import { conversations } from './deals';

// Members who are away (lib/server/members/notifications.ts, lib/server/deals/unread-mail.ts,
// lib/server/members/push.ts): what they want to be told, where their browsers receive pushes, when
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
