import { type ListingStatus } from '@/lib/domain';

const tone: Record<ListingStatus, string> = {
  upcoming: 'bg-secondary-light text-secondary',
  active: 'bg-green-100 text-green-900',
  in_transit: 'bg-primary-light text-primary-dark',
  finished: 'bg-neutral-200 text-neutral-800',
  expired: 'bg-red-100 text-red-900',
};

/** A listing's status badge: its colour says the state, on the server and in the client cards. */
export function badgeClass(status: ListingStatus): string {
  return `badge ${tone[status]}`;
}
