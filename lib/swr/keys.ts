import type { ListingKind } from '@/lib/domain';
import type { Proposal } from '@/lib/schemas/deals';

// The SWR keys of member data: API paths under /api/user/v1 (the fetcher calls them as they are).
// Apart from the hooks ('use client'), so that server pages can name them in SWR's fallback.

/** The inbox: the member's conversations, newest message first. */
export const inboxKey = 'conversations';

export const conversationKey = (id: string) => `conversations/${encodeURIComponent(id)}`;

export type ProposalsQuery = { role?: 'sent' | 'received'; listingKind?: ListingKind; listingId?: string };

/** The key of a list of proposals: the API path with its query, in a fixed order. */
export function proposalsKey(query: ProposalsQuery): string {
  const params = new URLSearchParams();
  if (query.role) params.set('role', query.role);
  if (query.listingKind && query.listingId) {
    params.set('listingKind', query.listingKind);
    params.set('listingId', query.listingId);
  }
  return `proposals?${params}`;
}

/** Whether a proposal belongs in the list of a key (see proposalsKey). */
export function proposalFits(key: string, proposal: Proposal): boolean {
  const params = new URLSearchParams(key.slice(key.indexOf('?') + 1));
  const role = params.get('role');
  if (role && (role === 'sent') !== (proposal.role === 'proposer')) return false;
  const listingId = params.get('listingId');
  return !listingId || (proposal.listing.id === listingId && proposal.listing.kind === params.get('listingKind'));
}
