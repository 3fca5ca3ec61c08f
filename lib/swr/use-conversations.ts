'use client';
import useSWR from 'swr';
import type { ConversationSummary } from '@/lib/schemas/deals';
import { inboxKey } from './keys';

export type Inbox = { items: ConversationSummary[] };

/** The inbox: the member's conversations, newest message first. */
export function useConversations() {
  return useSWR<Inbox>(inboxKey);
}
