'use client';
import { useEffect, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { isReading, onLive } from '@/lib/client/live';
import type { Conversation, Message, Proposal } from '@/lib/schemas/deals';
import { applyReceipt, mergeMessages } from './messages';
import { conversationKey, inboxKey, proposalFits } from './keys';
import type { Inbox } from './use-conversations';
import type { ProposalList } from './use-proposals';

// What the member screens hold in SWR's cache, kept current by the answers of their own calls and
// by the live stream (useLiveCache): a message lands in its conversation and the inbox once, a
// receipt moves statuses forward, a proposal's step shows wherever the proposal is listed.

const isProposalsKey = (key: string) => key.startsWith('proposals?');

type Receipt = { status: 'delivered' | 'read'; upTo: string; mine: boolean };
/**
 * Receipts about a message this tab does not hold yet (its own message, whose answer is on its
 * way), per conversation: applied when the message lands (settleReceipts).
 */
const pendingReceipts = new Map<string, Receipt[]>();

/** The messages of a conversation with the receipts that waited for them. */
export function settleReceipts(conversationId: string, messages: Message[], me: string): Message[] {
  const waiting = pendingReceipts.get(conversationId);
  if (!waiting) return messages;
  const left: Receipt[] = [];
  for (const receipt of waiting) {
    const moved = applyReceipt(messages, (s) => (s === me) === receipt.mine, receipt.status, receipt.upTo);
    if (moved) messages = moved;
    else left.push(receipt);
  }
  if (left.length) pendingReceipts.set(conversationId, left.slice(-20));
  else pendingReceipts.delete(conversationId);
  return messages;
}

export function useDealCache(me: string) {
  const { cache, mutate, fallback } = useSWRConfig();
  return useMemo(() => {
    // What a screen shows: the cache, else the server's first data (SWR keeps that apart until the
    // first fetch is done, and events can come before it).
    const cached = <T>(key: string) => (cache.get(key)?.data ?? fallback[key]) as T | undefined;
    const set = <T>(key: string, update: (current: T) => T) => {
      const current = cached<T>(key);
      return current === undefined ? undefined : mutate<T>(key, update(current), { revalidate: false });
    };
    const keys = () => new Set([...cache.keys(), ...Object.keys(fallback)]);

    /** A proposal as it now stands: in every list it fits, in its conversation and inbox entry. */
    function applyProposal(proposal: Proposal) {
      const newer = (known: Proposal | null | undefined) => !known || known.updatedAt <= proposal.updatedAt;
      for (const key of [...keys()].filter(isProposalsKey)) {
        const list = cached<ProposalList>(key);
        if (!list) continue;
        const known = list.items.find((p) => p.id === proposal.id);
        if (!newer(known)) continue;
        const fits = proposalFits(key, proposal);
        if (fits || known)
          void set<ProposalList>(key, (l) => ({
            items: fits ? [proposal, ...l.items.filter((p) => p.id !== proposal.id)] : l.items,
          }));
      }
      void set<Inbox>(inboxKey, (inbox) => ({
        items: inbox.items.map((c) => (c.id === proposal.conversationId && newer(c.proposal) ? { ...c, proposal } : c)),
      }));
      void set<Conversation>(conversationKey(proposal.conversationId), (c) =>
        newer(c.proposal) ? { ...c, proposal } : c,
      );
    }

    /** A new message: in its conversation, and at the top of the inbox (loaded again if it is new there). */
    function applyMessage(message: Message) {
      const id = message.conversationId;
      void set<Conversation>(conversationKey(id), (c) => ({
        ...c,
        messages: settleReceipts(id, mergeMessages(c.messages, [message]), me),
        lastMessageAt: c.lastMessageAt > message.createdAt ? c.lastMessageAt : message.createdAt,
      }));
      const inbox = cached<Inbox>(inboxKey);
      if (!inbox) return;
      const entry = inbox.items.find((c) => c.id === id);
      if (!entry) {
        void mutate(inboxKey);
        return;
      }
      if (entry.lastMessage && (entry.lastMessage.id === message.id || entry.lastMessage.createdAt > message.createdAt))
        return;
      const unread = message.senderId !== me && !isReading(id) ? entry.unread + 1 : entry.unread;
      void set<Inbox>(inboxKey, (i) => ({
        items: [
          { ...entry, lastMessage: message, lastMessageAt: message.createdAt, unread },
          ...i.items.filter((c) => c.id !== id),
        ],
      }));
    }

    /**
     * A receipt: the messages of one side (`mine`: the member's own, told by the other side; else
     * the other side's, read here) up to one reached a status.
     */
    function applyStatus(conversationId: string, status: 'delivered' | 'read', upTo: string, mine: boolean) {
      const sentBy = (sender: string) => (sender === me) === mine;
      const key = conversationKey(conversationId);
      const conversation = cached<Conversation>(key);
      const anchor = conversation?.messages.find((m) => m.id === upTo);
      if (conversation) {
        const messages = applyReceipt(conversation.messages, sentBy, status, upTo);
        if (messages) void set<Conversation>(key, (c) => ({ ...c, messages }));
        else
          pendingReceipts.set(conversationId, [...(pendingReceipts.get(conversationId) ?? []), { status, upTo, mine }]);
      }
      void set<Inbox>(inboxKey, (inbox) => ({
        items: inbox.items.map((c) => {
          if (c.id !== conversationId) return c;
          const last = c.lastMessage;
          const reached = last && (last.id === upTo || (anchor && last.createdAt <= anchor.createdAt));
          const lastMessage = last && reached ? (applyReceipt([last], sentBy, status, last.id)?.[0] ?? last) : last;
          return { ...c, lastMessage, unread: !mine && status === 'read' ? 0 : c.unread };
        }),
      }));
    }

    /** Everything again (the stream's events since the last one are gone). */
    function reload() {
      void mutate(() => true);
    }

    return { applyProposal, applyMessage, applyStatus, reload, update: set };
  }, [cache, mutate, fallback, me]);
}

/** Feeds the live stream's events into the cache while a member screen is open. */
export function useLiveCache(me: string) {
  const deals = useDealCache(me);
  useEffect(
    () =>
      onLive((event) => {
        if (event.type === 'message') deals.applyMessage(event.payload.message);
        else if (event.type === 'proposal') deals.applyProposal(event.payload.proposal);
        else if (event.type === 'receipt')
          deals.applyStatus(event.payload.conversationId, event.payload.status, event.payload.upTo, true);
        else if (event.type === 'reset') deals.reload();
      }),
    [deals],
  );
  return deals;
}
