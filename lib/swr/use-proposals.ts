'use client';
import useSWR from 'swr';
import type { Proposal } from '@/lib/schemas/deals';
import { proposalsKey, type ProposalsQuery } from './keys';

export type ProposalList = { items: Proposal[] };

/** The member's proposals: sent, received, or on one listing; newest step first. */
export function useProposals(query: ProposalsQuery) {
  return useSWR<ProposalList>(proposalsKey(query));
}
