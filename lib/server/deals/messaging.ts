import 'server-only';
import sharp from 'sharp';
import { and, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { messageLimits, messageStatuses, type ListingKind, type MessageStatus } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { cityName } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import type { Conversation, ConversationSummary, Message, OpenConversationInput } from '@/lib/schemas/deals';
import { getDb, type Tx } from '@/lib/server/db/client';
import { blocks, conversations, messages, users } from '@/lib/server/db/schema';
import { assertNotBlocked } from '@/lib/server/members/blocks';
import {
  conversationFor,
  conversationListing,
  counterpartOf,
  messageViews,
  postMessage,
  unreadCount,
  type ConversationRow,
} from './conversations';
import { newId } from '@/lib/server/ids';
import { inspectImage, maxImagePixels } from '@/lib/server/storage/images';
import { hit } from '@/lib/server/limits';
import { conversationImageFolder, listingFacts, listingSummaries } from '@/lib/server/listings/listings';
import { liveTransaction } from '@/lib/server/events/live';
import { proposalsOfConversations, viewsOf } from './proposals';
import { getFile, putFile, removeFile, type StoredFile } from '@/lib/server/storage';
import { translator } from '@/lib/server/translate';

// Messaging (specification sections 2, 3 and 8): a conversation is about a listing, between its
// owner and one other member; only those two read it and its photos. Messages go sent (stored),
// delivered (the recipient's client got it) and read (they had the conversation open and visible).

const participantOf = (c: ConversationRow, userId: string) => c.ownerId === userId || c.contactId === userId;

/** The conversation, for one of its two participants. */
async function conversationOf(db: Pick<Tx, 'select'>, id: string, userId: string, lock = false) {
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  if (!participantOf(row, userId)) throw new AppError('NOT_PARTICIPANT');
  return row;
}

/** The inbox's entries (or the head of a conversation): listing, other person, last message, unread. */
async function summaries(
  db: Pick<Tx, 'select' | 'selectDistinctOn'>,
  rows: ConversationRow[],
  viewerId: string,
): Promise<ConversationSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const listings = await listingSummaries(rows.map(conversationListing), db);
  const counterparts = new Map(
    (
      await db
        .select({ id: users.id, firstname: users.firstname, avatar: users.image })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => counterpartOf(r, viewerId)))]))
    ).map((u) => [u.id, u]),
  );
  const lastRows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
  const last = new Map((await messageViews(db, lastRows)).map((m) => [m.conversationId, m]));
  const unread = new Map(
    (
      await db
        .select({ id: messages.conversationId, n: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(inArray(messages.conversationId, ids), ne(messages.senderId, viewerId), ne(messages.status, 'read')))
        .groupBy(messages.conversationId)
    ).map((r) => [r.id, r.n]),
  );
  const blockedByViewer = new Set(
    (
      await db
        .select({ id: blocks.blockedId })
        .from(blocks)
        .where(and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, [...counterparts.keys()])))
    ).map((b) => b.id),
  );
  const proposalRows = await proposalsOfConversations(db, rows);
  const proposalViews = new Map(
    (await viewsOf(db, [...proposalRows.values()], viewerId)).map((p) => [p.conversationId, p]),
  );
  return rows.flatMap((row) => {
    const ref = conversationListing(row);
    const listing = listings.get(`${ref.kind}:${ref.id}`);
    if (!listing) return [];
    const counterpart = counterparts.get(counterpartOf(row, viewerId));
    return [
      {
        id: row.id,
        listing,
        role: row.ownerId === viewerId ? 'owner' : 'contact',
        counterpart: {
          id: counterpartOf(row, viewerId),
          firstname: counterpart?.firstname ?? '',
          avatar: counterpart?.avatar ?? null,
        },
        lastMessage: last.get(row.id) ?? null,
        unread: unread.get(row.id) ?? 0,
        proposal: proposalViews.get(row.id) ?? null,
        lastMessageAt: row.lastMessageAt.toISOString(),
        blocked: blockedByViewer.has(counterpartOf(row, viewerId)),
      },
    ];
  });
}

/** GET /conversations: newest first; with a listing, the viewer's conversation about it (if any). */
export async function listConversations(
  viewerId: string,
  filter: { listingKind?: ListingKind; listingId?: string },
): Promise<{ items: ConversationSummary[] }> {
  const db = await getDb();
  const conditions = [or(eq(conversations.ownerId, viewerId), eq(conversations.contactId, viewerId))];
  if (filter.listingKind && filter.listingId)
    conditions.push(
      eq(filter.listingKind === 'package' ? conversations.packageId : conversations.travelId, filter.listingId),
    );
  const rows = await db
    .select()
    .from(conversations)
    .where(and(...conditions))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(200);
  return { items: await summaries(db, rows, viewerId) };
}

async function assertMessageIn(db: Pick<Tx, 'select'>, conversationId: string, id: string) {
  const [found] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.conversationId, conversationId)));
  if (!found) throw new AppError('MESSAGE_NOT_FOUND');
}

/** When a message was posted, as the database keeps it. */
const anchorTime = (id: string) => sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${id})`;

/** A page of a conversation's messages, oldest first: the newest ones, or those before a message. */
async function messagePage(db: Pick<Tx, 'select'>, conversationId: string, before?: string) {
  const conditions = [eq(messages.conversationId, conversationId)];
  if (before) {
    await assertMessageIn(db, conversationId, before);
    // Compared in the database: its timestamps have microseconds, JavaScript's dates milliseconds.
    conditions.push(sql`(${messages.createdAt}, ${messages.id}) < (${anchorTime(before)}, ${before})`);
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(messageLimits.pageSize + 1);
  const more = rows.length > messageLimits.pageSize;
  const page = rows.slice(0, messageLimits.pageSize).reverse();
  return { rows: page, olderCursor: more ? page[0]!.id : null };
}

async function conversationView(
  db: Pick<Tx, 'select' | 'selectDistinctOn'>,
  row: ConversationRow,
  viewerId: string,
  before?: string,
) {
  const [summary] = await summaries(db, [row], viewerId);
  if (!summary) throw new AppError('CONVERSATION_NOT_FOUND');
  const { rows, olderCursor } = await messagePage(db, row.id, before);
  return { ...summary, messages: await messageViews(db, rows), olderCursor };
}

/** GET /conversations/{id}: participants only. */
export async function getConversation(viewerId: string, id: string, before?: string): Promise<Conversation> {
  const db = await getDb();
  return conversationView(db, await conversationOf(db, id, viewerId), viewerId, before);
}

/** The greeting a first message says by default: interest in the listing, in the writer's language. */
export function greeting(
  locale: Locale,
  listing: {
    kind: ListingKind;
    from: { city: string; placeId: number | null };
    to: { city: string; placeId: number | null };
  },
) {
  const t = translator(locale, 'Messaging');
  const route = `${cityName(listing.from, locale)} → ${cityName(listing.to, locale)}`;
  return t(listing.kind === 'package' ? 'greetingPackage' : 'greetingTravel', { route });
}

/**
 * POST /conversations: write to a listing's owner. Opens the conversation, or continues the one the
 * two already have; never with oneself.
 */
export async function openConversation(
  viewerId: string,
  locale: Locale,
  input: OpenConversationInput,
): Promise<Conversation> {
  const { listingKind: kind, listingId } = input;
  const facts = await listingFacts(kind, listingId);
  if (!facts || facts.hidden) throw new AppError('NOT_FOUND');
  if (facts.ownerId === viewerId) throw new AppError('CONVERSATION_SELF');
  const db = await getDb();
  await assertNotBlocked(viewerId, facts.ownerId, db);
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(kind === 'package' ? conversations.packageId : conversations.travelId, listingId),
        eq(conversations.contactId, viewerId),
      ),
    );
  if (!existing) await hit('conversationsPerUser', viewerId);
  await countMessage(viewerId);
  const listing = (await listingSummaries([{ kind, id: listingId }])).get(`${kind}:${listingId}`)!;
  const body = input.body ?? greeting(locale, listing);
  const conversation = await liveTransaction(async (tx, live) => {
    const row = await conversationFor(tx, { kind, id: listingId, ownerId: facts.ownerId }, viewerId);
    await postMessage(tx, live, row, { senderId: viewerId, kind: 'text', body });
    return row;
  });
  return getConversation(viewerId, conversation.id);
}

async function countMessage(userId: string) {
  await hit('messagesPerUserPerMinute', userId);
  await hit('messagesPerUserPerDay', userId);
}

/** POST /conversations/{id}/messages. */
export async function sendMessage(viewerId: string, conversationId: string, body: string): Promise<Message> {
  await writableConversation(viewerId, conversationId);
  await countMessage(viewerId);
  return liveTransaction(async (tx, live) => {
    const row = await conversationOf(tx, conversationId, viewerId, true);
    return postMessage(tx, live, row, { senderId: viewerId, kind: 'text', body });
  });
}

/** Where a message's photo is stored, among the private files (lib/server/storage/index.ts). */
const messageImageKey = (conversationId: string, messageId: string) =>
  `${conversationImageFolder(conversationId)}/${messageId}.webp`;

/**
 * POST /conversations/{id}/images: one photo, checked by its content, re-encoded (which drops its
 * metadata, the place it was taken included), at most 1600 px; the file is removed if the message
 * cannot be stored.
 */
/** A participant's conversation in which they may write: neither of the two blocked the other. */
async function writableConversation(viewerId: string, conversationId: string): Promise<ConversationRow> {
  const db = await getDb();
  const row = await conversationOf(db, conversationId, viewerId);
  await assertNotBlocked(row.ownerId, row.contactId, db);
  return row;
}

/**
 * Before an image message's body is read (route()'s `beforeBody`): the conversation is the viewer's,
 * open to them, and the upload and message limits allow one more.
 */
export async function prepareImageMessage(viewerId: string, conversationId: string): Promise<void> {
  await writableConversation(viewerId, conversationId);
  await hit('imageUploadsPerUser', viewerId);
  await countMessage(viewerId);
}

/** POST /conversations/{id}/images, once prepareImageMessage passed. */
export async function sendImage(viewerId: string, conversationId: string, files: File[]): Promise<Message> {
  if (files.length !== 1) throw new AppError('NO_FILE');
  const image = await inspectImage(files[0]!);
  const { data, info } = await sharp(image.data, { limitInputPixels: maxImagePixels })
    .rotate()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer({ resolveWithObject: true });
  const id = newId();
  const key = messageImageKey(conversationId, id);
  await putFile(key, data, { area: 'private' });
  try {
    return await liveTransaction(async (tx, live) => {
      const row = await conversationOf(tx, conversationId, viewerId, true);
      return postMessage(tx, live, row, {
        id,
        senderId: viewerId,
        kind: 'text',
        image: { key, width: info.width, height: info.height },
      });
    });
  } catch (error) {
    await removeFile(key, 'private');
    throw error;
  }
}

/** GET /messages/{id}/image: a message's photo, as a stream, for the two participants only. */
export async function messageImage(viewerId: string, messageId: string): Promise<StoredFile> {
  const db = await getDb();
  const [row] = await db
    .select({ key: messages.imageKey, conversationId: messages.conversationId })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!row?.key) throw new AppError('MESSAGE_NOT_FOUND');
  await conversationOf(db, row.conversationId, viewerId);
  const file = await getFile(row.key, { area: 'private' });
  if (!file || 'notModified' in file) throw new AppError('MESSAGE_NOT_FOUND');
  return file;
}

const rank = (status: MessageStatus) => messageStatuses.indexOf(status);

/**
 * POST /conversations/{id}/receipts: the other side's messages up to one were delivered to the
 * viewer's client, or read. Statuses only go forward. The sender's tabs hear it, and the viewer's
 * other tabs their new unread count.
 */
export async function markReceipt(
  viewerId: string,
  conversationId: string,
  status: 'delivered' | 'read',
  upTo: string,
): Promise<{ unread: number }> {
  return liveTransaction(async (tx, live) => {
    const conversation = await conversationOf(tx, conversationId, viewerId);
    await assertMessageIn(tx, conversationId, upTo);
    const behind = messageStatuses.filter((s) => rank(s) < rank(status));
    const changed = await tx
      .update(messages)
      .set({ status })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, viewerId),
          lte(messages.createdAt, anchorTime(upTo)),
          inArray(messages.status, behind),
        ),
      )
      .returning({ id: messages.id });
    const unread = await unreadCount(tx, viewerId);
    if (changed.length) {
      live.push({
        userId: counterpartOf(conversation, viewerId),
        event: { type: 'receipt', payload: { conversationId, status, upTo } },
      });
      if (status === 'read') live.push({ userId: viewerId, event: { type: 'unread', payload: { unread } } });
    }
    return { unread };
  });
}
