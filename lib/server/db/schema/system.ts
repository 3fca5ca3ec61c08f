import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id } from './columns';

// What every instance shares: abuse-limit counters and server-wide settings.

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
