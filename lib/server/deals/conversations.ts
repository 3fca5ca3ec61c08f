import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Currency, ListingKind, MessageKind } from '@/lib/domain';
import type { Message } from '@/lib/schemas/deals';
import { apiBasePath } from '@/lib/routes';
import type { Tx } from '@/lib/server/db/client';
import { conversations, messages, proposals } from '@/lib/server/db/schema';
import type { LiveEntry } from '@/lib/server/events/live';
import { newId } from '@/lib/server/ids';
import { noticeNewMessage } from './unread-mail';

// The rows shared by messaging (./messaging.ts) and deals (./proposals.ts): a conversation about a
// listing between its owner and one contact, the messages posted in it (a member's words, or a step
// of the deal), and the live events each new message makes.

export type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The listing a conversation is about. */
export function conversationListing(row: Pick<ConversationRow, 'packageId' | 'travelId'>): {
  kind: ListingKind;
  id: string;
} {
  return row.packageId ? { kind: 'package', id: row.packageId } : { kind: 'travel', id: row.travelId! };
}

const listingColumn = (kind: ListingKind) => (kind === 'package' ? conversations.packageId : conversations.travelId);

/**
 * The conversation between a listing's owner and a contact, opened if there is none yet (the unique
 * index settles two that open it at once), locked for this transaction.
 */
export async function conversationFor(
  tx: Tx,
  listing: { kind: ListingKind; id: string; ownerId: string },
  contactId: string,
): Promise<ConversationRow> {
  await tx
    .insert(conversations)
    .values({
      id: newId(),
      packageId: listing.kind === 'package' ? listing.id : null,
      travelId: listing.kind === 'travel' ? listing.id : null,
      ownerId: listing.ownerId,
      contactId,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(listingColumn(listing.kind), listing.id), eq(conversations.contactId, contactId)))
    .for('update');
  return row!;
}

/** The other participant of a conversation. */
export function counterpartOf(conversation: Pick<ConversationRow, 'ownerId' | 'contactId'>, userId: string): string {
  return conversation.ownerId === userId ? conversation.contactId : conversation.ownerId;
}

/** A message as the API gives it; `currency` is the proposal's, for the steps of a deal. */
export function messageView(row: MessageRow, currency: Currency | null): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    kind: row.kind,
    body: row.body,
    image:
      row.imageKey && row.imageWidth && row.imageHeight
        ? { url: `${apiBasePath}/messages/${row.id}/image`, width: row.imageWidth, height: row.imageHeight }
        : null,
    proposalId: row.proposalId,
    amount: row.amount,
    currency: row.amount === null ? null : currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Messages as the API gives them, with their proposals' currencies. */
export async function messageViews(tx: Pick<Tx, 'select'>, rows: MessageRow[]): Promise<Message[]> {
  const proposalIds = [...new Set(rows.map((r) => r.proposalId).filter((id): id is string => id !== null))];
  const currencies = new Map(
    proposalIds.length
      ? (
          await tx
            .select({ id: proposals.id, currency: proposals.currency })
            .from(proposals)
            .where(inArray(proposals.id, proposalIds))
        ).map((p) => [p.id, p.currency])
      : [],
  );
  return rows.map((row) => messageView(row, row.proposalId ? (currencies.get(row.proposalId) ?? null) : null));
}

/** Messages to a member that they have not read, in all their conversations or in some. */
export async function unreadCount(tx: Pick<Tx, 'select'>, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(messages.conversationId, conversations.id))
    .where(
      and(
        sql`(${conversations.ownerId} = ${userId} or ${conversations.contactId} = ${userId})`,
        ne(messages.senderId, userId),
        ne(messages.status, 'read'),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Posts a message in a conversation (locked by the caller) and moves the conversation up the inbox;
 * both participants' tabs will hear it (`live`), with each one's unread count.
 */
export async function postMessage(
  tx: Tx,
  live: LiveEntry[],
  conversation: ConversationRow,
  message: {
    senderId: string;
    kind: MessageKind;
    body?: string;
    proposalId?: string;
    amount?: number;
    currency?: Currency;
    image?: { key: string; width: number; height: number };
    /** The id the stored image was written under, when there is one. */
    id?: string;
  },
): Promise<Message> {
  const [row] = await tx
    .insert(messages)
    .values({
      id: message.id ?? newId(),
      conversationId: conversation.id,
      senderId: message.senderId,
      kind: message.kind,
      body: message.body ?? '',
      proposalId: message.proposalId ?? null,
      amount: message.amount ?? null,
      imageKey: message.image?.key ?? null,
      imageWidth: message.image?.width ?? null,
      imageHeight: message.image?.height ?? null,
    })
    .returning();
  await tx.update(conversations).set({ lastMessageAt: row!.createdAt }).where(eq(conversations.id, conversation.id));
  if (message.kind === 'text')
    await noticeNewMessage(tx, conversation, { senderId: message.senderId, body: row!.body });
  const view = messageView(row!, message.currency ?? null);
  for (const userId of [conversation.ownerId, conversation.contactId])
    live.push({
      userId,
      event: { type: 'message', payload: { message: view, unread: await unreadCount(tx, userId) } },
    });
  return view;
}
