import type { ListingKind, ListingStatus, ProposalStatus } from '@/lib/domain';
import type { messages, packages, proposals, travels, users } from '../schema';
import type { Rng } from './rng';

// The rows the demo seed builds before it writes them (ids and dates always set).

export type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export type UserRow = Row<typeof users> & { id: string; createdAt: Date };
export type PackageRow = Row<typeof packages> & { id: string; createdAt: Date; status: ListingStatus };
export type TravelRow = Row<typeof travels> & { id: string; createdAt: Date; status: ListingStatus };
export type ProposalRow = Row<typeof proposals> & {
  id: string;
  status: ProposalStatus;
  createdAt: Date;
  updatedAt: Date;
};
export type MessageRow = Row<typeof messages> & { createdAt: Date };

export type Listing = { kind: ListingKind; row: PackageRow | TravelRow };

/** What every step of the seed shares: the one random generator and the moment the seed runs. */
export type Seeding = { rng: Rng; now: number };
