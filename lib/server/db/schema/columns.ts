import { pgEnum, text, timestamp } from 'drizzle-orm/pg-core';
import {
  currencies,
  listingKinds,
  listingStatuses,
  messageKinds,
  messageStatuses,
  parcelSizes,
  proposalStatuses,
  travelTypes,
} from '../../../domain';

// What the tables' files share: the id and time columns, and the enums of lib/domain.ts.

export const id = () => text('id').primaryKey();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
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
export const parcelSize = pgEnum('parcel_size', parcelSizes);
