import { isOpenStatus } from '@/lib/domain';
import type { conversations } from '../schema';
import {
  AFTER_CANCEL,
  AFTER_DECLINE,
  CANCELLING,
  CLOSINGS,
  counterOffer,
  DEFAULT_OPENER,
  LOGISTICS,
  OPENERS,
  QUESTIONS,
  REPLIES,
  THINKING,
  type Role,
} from './dialogue';
import type { Listings } from './listings';
import type { Members } from './members';
import { proposalWindow } from './proposals';
import type { MessageKind, MessageStatus } from '@/lib/domain';
import type { Listing, MessageRow, ProposalRow, Row, Seeding, UserRow } from './rows';
import { at, MINUTE } from './units';

// The demo's conversations: one around every proposal that involves a demo account and many of the
// others, the messages following the proposal's fate, plus a few with questions only. The demo
// accounts have the last word unread in their current conversations.

export type ConversationRow = Row<typeof conversations> & { id: string; createdAt: Date; lastMessageAt: Date };

export function makeConversations(
  { rng, now }: Seeding,
  { active, byId: userById, isDemo }: Members,
  listings: Listings,
  proposalRows: ProposalRow[],
): { conversations: ConversationRow[]; messages: MessageRow[] } {
  const conversationRows: ConversationRow[] = [];
  const messageRows: MessageRow[] = [];
  const conversationKeys = new Set<string>();
  const converse = (listing: Listing, contact: UserRow, proposal?: ProposalRow) => {
    const { row } = listing;
    const key = `${row.id}|${contact.id}`;
    if (contact.id === row.ownerId || conversationKeys.has(key)) return;
    conversationKeys.add(key);
    const ownerId = row.ownerId;
    // The script: contact speaks at even positions, the owner at odd ones.
    const contactRole: Role = listing.kind === 'package' ? 'carrier' : 'shipper';
    const ownerRole: Role = listing.kind === 'package' ? 'shipper' : 'carrier';
    // Lines alternate between the contact (even) and the owner (odd), unless `by` says who.
    type Line = { kind: MessageKind; body: string; proposalId?: string; amount?: number; by?: 'contact' | 'owner' };
    // The carrier types the handover codes: the contact on a parcel, the owner on a trip.
    const carrier = listing.kind === 'package' ? 'contact' : 'owner';
    const [question, answer] = rng.pick(QUESTIONS[contactRole]);
    const lines: Line[] = [
      { kind: 'text', body: rng.chance(0.6) ? DEFAULT_OPENER : rng.pick(OPENERS[contactRole]) },
      { kind: 'text', body: rng.pick(REPLIES[ownerRole]) },
    ];
    const say = (...bodies: string[]) => lines.push(...bodies.map((body) => ({ kind: 'text' as const, body })));
    if (proposal) {
      const id = proposal.id;
      lines.push({ kind: 'proposal_sent', body: '', proposalId: id, amount: proposal.amount });
      switch (proposal.status) {
        case 'accepted':
        case 'in_transit':
        case 'delivered':
          lines.push({ kind: 'proposal_accepted', body: '', proposalId: id, amount: proposal.agreedAmount! });
          say(rng.pick(LOGISTICS[contactRole]), rng.pick(LOGISTICS[ownerRole]));
          if (proposal.status !== 'accepted')
            lines.push({ kind: 'deal_picked_up', body: '', proposalId: id, by: carrier });
          if (proposal.status === 'delivered')
            lines.push({ kind: 'deal_delivered', body: '', proposalId: id, by: carrier });
          say(rng.pick(CLOSINGS[contactRole]), rng.pick(CLOSINGS[ownerRole]));
          break;
        case 'declined':
          lines.push({ kind: 'proposal_declined', body: '', proposalId: id });
          say(rng.pick(AFTER_DECLINE));
          break;
        case 'cancelled':
          say(rng.pick(THINKING), rng.pick(CANCELLING), rng.pick(AFTER_CANCEL));
          break;
        default:
          say(
            proposal.counterAmount ? counterOffer(proposal.counterAmount, proposal.currency) : rng.pick(THINKING),
            question,
            answer,
          );
      }
    } else {
      say(question, answer, rng.pick(CLOSINGS[contactRole]), rng.pick(CLOSINGS[ownerRole]));
    }
    // How far the conversation went (2..8 messages): at least up to the proposal's answer.
    const lastStep = {
      pending: 'proposal_sent',
      accepted: 'proposal_accepted',
      in_transit: 'deal_picked_up',
      delivered: 'deal_delivered',
      declined: 'proposal_declined',
    } as const;
    const minimum = !proposal
      ? 2
      : proposal.status === 'cancelled'
        ? 5
        : lines.findIndex((l) => l.kind === lastStep[proposal.status as keyof typeof lastStep]) + 1;
    let count = rng.int(minimum, lines.length);
    // A demo account in a current conversation gets the last word, left unread (every script has
    // at least one line more than its minimum, so the count can always move by one).
    const current = row.status !== 'finished' && row.status !== 'expired';
    const demoReader = isDemo(ownerId) ? 'owner' : isDemo(contact.id) ? 'contact' : undefined;
    const lastFromContact = (count - 1) % 2 === 0;
    if (current && demoReader && lastFromContact !== (demoReader === 'owner')) count += count < lines.length ? 1 : -1;
    // Times: a few minutes to hours apart, the proposal_sent message at the proposal's creation.
    const proposalIndex = lines.findIndex((l) => l.kind === 'proposal_sent');
    const offsets: number[] = [];
    for (let i = 0, t = 0; i < count; i++) {
      if (i > 0) t += rng.float(3, i <= proposalIndex ? 45 : 240) * MINUTE;
      offsets.push(t);
    }
    const [windowStart, windowEnd] = proposalWindow(listing, now);
    const base = proposal
      ? proposal.createdAt.getTime() - offsets[proposalIndex]!
      : rng.float(windowStart, windowStart + (windowEnd - windowStart) * 0.7);
    const times = offsets.map((offset) => base + offset);
    const limit = now - 2 * MINUTE;
    const lastTime = times[count - 1]!;
    if (lastTime > limit) {
      // squeeze the conversation so that it ends before now
      const first = Math.min(times[0]!, limit - count * MINUTE);
      const span = lastTime - times[0]! || 1;
      for (let i = 0; i < count; i++) times[i] = first + ((times[i]! - times[0]!) / span) * (limit - first);
    }
    if (proposal && proposalIndex >= 0) {
      proposal.createdAt = at(Math.round(times[proposalIndex]!));
      // accepted/declined: the publisher's answer; cancelled: the sender's "I cancel"; pending: the last message
      const answer =
        proposal.status === 'cancelled'
          ? proposalIndex + 2
          : lines.findIndex((l) => l.kind === 'proposal_accepted' || l.kind === 'proposal_declined');
      const answeredAt = answer >= 0 && answer < count ? times[answer]! : times[count - 1]!;
      proposal.updatedAt = at(Math.round(Math.max(answeredAt, times[proposalIndex]!)));
      const stepAt = (kind: MessageKind) => {
        const i = lines.findIndex((l) => l.kind === kind);
        return i >= 0 && i < count ? at(Math.round(times[i]!)) : null;
      };
      proposal.acceptedAt = stepAt('proposal_accepted');
      proposal.pickedUpAt = stepAt('deal_picked_up');
      proposal.deliveredAt = stepAt('deal_delivered');
      proposal.updatedAt = proposal.deliveredAt ?? proposal.pickedUpAt ?? proposal.updatedAt;
    }
    const conversationId = rng.id();
    for (let i = 0; i < count; i++) {
      const line = lines[i]!;
      const senderId = (line.by ?? (i % 2 === 0 ? 'contact' : 'owner')) === 'contact' ? contact.id : ownerId;
      const isLast = i === count - 1;
      let status: MessageStatus = 'read';
      if (isLast) {
        const readerIsDemo = isDemo(senderId === ownerId ? contact.id : ownerId);
        if (readerIsDemo) status = current ? rng.weighted({ delivered: 70, sent: 30 }) : 'read';
        else status = rng.weighted({ read: 70, delivered: 20, sent: 10 });
      }
      messageRows.push({
        id: rng.id(),
        conversationId,
        senderId,
        kind: line.kind,
        body: line.body,
        proposalId: line.proposalId ?? null,
        amount: line.amount ?? null,
        status,
        createdAt: at(Math.round(times[i]!)),
      });
    }
    conversationRows.push({
      id: conversationId,
      packageId: listing.kind === 'package' ? row.id : null,
      travelId: listing.kind === 'travel' ? row.id : null,
      ownerId,
      contactId: contact.id,
      createdAt: at(Math.round(times[0]!)),
      lastMessageAt: at(Math.round(times[count - 1]!)),
    });
  };

  for (const proposal of proposalRows) {
    const listing = listings.byId.get(proposal.packageId ?? proposal.travelId ?? '')!;
    const involvesDemo = isDemo(proposal.senderId) || isDemo(proposal.publisherId);
    if (involvesDemo || rng.chance(0.4)) converse(listing, userById.get(proposal.senderId)!, proposal);
  }
  // A few conversations with questions only, on open listings.
  const openListings = listings.all.filter((l) => isOpenStatus(l.row.status));
  for (let i = 0; i < 15; i++) {
    const listing = rng.pick(openListings);
    converse(listing, rng.pick(active.filter((u) => u.id !== listing.row.ownerId)));
  }

  return { conversations: conversationRows, messages: messageRows };
}
