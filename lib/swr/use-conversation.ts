'use client';
import useSWR, { useSWRConfig } from 'swr';
import { useApi } from '@/lib/client/use-api';
import type { Conversation } from '@/lib/schemas/deals';
import { conversationKey } from './keys';
import { settleReceipts } from './deal-cache';
import { mergeConversation } from './messages';

/**
 * One conversation: its newest page of messages from the API, merged with what the screen already
 * holds (older pages it loaded, messages that came live), so that a revalidation loses nothing.
 */
export function useConversation(id: string | null, me: string) {
  const api = useApi();
  const { cache, fallback } = useSWRConfig();
  return useSWR<Conversation>(id ? conversationKey(id) : null, async (key: string) => {
    const fresh = await api<Conversation>(key);
    const merged = mergeConversation((cache.get(key)?.data ?? fallback[key]) as Conversation | undefined, fresh);
    return { ...merged, messages: settleReceipts(merged.id, merged.messages, me) };
  });
}
