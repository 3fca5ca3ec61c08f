// The database's tables, one file per domain (DESIGN.md: rules the database can hold are constraints
// there). Drizzle reads this module: drizzle.config.ts for migrations, lib/server/db/client.ts for queries.
export * from './columns';
export * from './members';
export * from './system';
export * from './listings';
export * from './deals';
export * from './public';
export * from './notifications';

import type { users } from './members';
import type { packages, travels } from './listings';
import type { conversations, liveEvents, messages, proposals } from './deals';
import type { routeAlerts } from './public';

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
export * from './traffic';
