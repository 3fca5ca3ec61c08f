import 'server-only';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { unreadMailRules } from '@/lib/domain';
import { siteUrl } from '@/lib/env';
import { cityName } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import { userLocale } from '@/lib/server/auth/auth';
import { now } from '@/lib/server/clock';
import { getDb, type Tx } from '@/lib/server/db/client';
import { conversationNotices, conversations, messages, streamPresence, users } from '@/lib/server/db/schema';
import { enqueue } from '@/lib/server/jobs/queue';
import { listingSummaries } from '@/lib/server/listings/listings';
import { isBlockedBetween } from '@/lib/server/members/blocks';
import { noticeMail, queuePush, shouldNotify } from '@/lib/server/notify';
import { translator } from '@/lib/server/translate';
import { conversationListing, type ConversationRow } from './conversations';
import { conversationPath } from './mail';

// Unread messages by e-mail: a message left unread `delayMinutes` while its recipient had no live
// stream open makes one e-mail per conversation. One waiting job per conversation and recipient
// (pg-boss singletonKey on a `short` queue): later messages join it until it runs. The job reads the
// messages when it runs, under a lock of the conversation's notice row, so instances never send twice.

const MINUTE = 60_000;

/** The key that keeps one waiting job per conversation and recipient. */
const singletonKey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

async function schedule(tx: Tx, conversationId: string, userId: string, seconds: number) {
  await enqueue(
    tx,
    'unread-mail',
    { conversationId, userId },
    { startAfter: Math.max(1, Math.ceil(seconds)), singletonKey: singletonKey(conversationId, userId) },
  );
}

/** After a member's message (in its transaction `tx`): the recipient's e-mail, should it stay unread. */
export async function scheduleUnreadMail(tx: Tx, conversationId: string, recipientId: string): Promise<void> {
  await schedule(tx, conversationId, recipientId, unreadMailRules.delayMinutes * 60);
}

/**
 * After a member's message (in its transaction `tx`): a push to the other side now, and an e-mail
 * later should the message stay unread (each asks the recipient's settings when it runs).
 */
export async function noticeNewMessage(
  tx: Tx,
  conversation: Pick<ConversationRow, 'id' | 'ownerId' | 'contactId'>,
  message: { senderId: string; body: string },
): Promise<void> {
  const recipientId = message.senderId === conversation.ownerId ? conversation.contactId : conversation.ownerId;
  // Both members in one read (this runs for every message sent).
  const people = await tx
    .select({ id: users.id, locale: users.locale, firstname: users.firstname })
    .from(users)
    .where(inArray(users.id, [recipientId, message.senderId]));
  const recipient = people.find((person) => person.id === recipientId);
  const sender = people.find((person) => person.id === message.senderId);
  if (!recipient || !sender) return;
  const locale = userLocale(recipient);
  const t = translator(locale, 'Emails');
  const line = message.body.trim().split('\n')[0]?.trim();
  await queuePush(tx, recipientId, 'messages', {
    title: t('pushMessageTitle', { name: sender.firstname }),
    body: line ? line.slice(0, 140) : t('unreadPhoto'),
    url: localPath(locale, conversationPath(conversation.id)),
    tag: `conversation:${conversation.id}`,
  });
  await scheduleUnreadMail(tx, conversation.id, recipientId);
}

/** A member's live stream was open at `at` (lib/server/http/event-stream.ts touches it while open). */
export async function touchPresence(userId: string, at: Date = now()): Promise<void> {
  const db = await getDb();
  await db
    .insert(streamPresence)
    .values({ userId, lastSeenAt: at })
    .onConflictDoUpdate({
      target: streamPresence.userId,
      set: { lastSeenAt: sql`greatest(${streamPresence.lastSeenAt}, excluded.last_seen_at)` },
    });
}

/**
 * POST /push/shown: a notification of `tag` was shown. For a conversation (the tag noticeNewMessage and
 * the deal steps give their pushes), the unread-messages e-mail then skips the messages it covered:
 * push and e-mail are not both sent.
 */
export async function pushWasShown(userId: string, tag: string): Promise<null> {
  const conversationId = tag.startsWith('conversation:') ? tag.slice('conversation:'.length) : null;
  if (!conversationId) return null;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ownerId: conversations.ownerId, contactId: conversations.contactId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (row && (row.ownerId === userId || row.contactId === userId))
      await tx
        .insert(conversationNotices)
        .values({ conversationId, userId, pushShownAt: now() })
        .onConflictDoUpdate({
          target: [conversationNotices.conversationId, conversationNotices.userId],
          set: { pushShownAt: now() },
        });
  });
  return null;
}

export type UnreadMailOutcome = 'none' | 'later' | 'seen' | 'blocked' | 'off' | 'sent';

/** The job: sends the e-mail if it is still due, or waits again (and says what it did, for tests and logs). */
export async function sendUnreadMail(conversationId: string, userId: string): Promise<UnreadMailOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
    if (!conversation || (conversation.ownerId !== userId && conversation.contactId !== userId)) return 'none';
    await tx.insert(conversationNotices).values({ conversationId, userId }).onConflictDoNothing();
    const [notice] = await tx
      .select()
      .from(conversationNotices)
      .where(and(eq(conversationNotices.conversationId, conversationId), eq(conversationNotices.userId, userId)))
      .for('update');
    const unread = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, userId),
          eq(messages.kind, 'text'),
          ne(messages.status, 'read'),
          notice?.mailedUpTo ? gt(messages.createdAt, notice.mailedUpTo) : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt));
    if (!unread.length) return 'none';
    const at = now();
    const first = unread[0]!;
    const last = unread.at(-1)!;
    const due = first.createdAt.getTime() + unreadMailRules.delayMinutes * MINUTE;
    if (due > at.getTime()) {
      await schedule(tx, conversationId, userId, (due - at.getTime()) / 1000);
      return 'later';
    }
    // Whatever is decided now covers these messages: a later message starts the next e-mail.
    const cover = () =>
      tx
        .update(conversationNotices)
        .set({ mailedUpTo: last.createdAt })
        .where(and(eq(conversationNotices.conversationId, conversationId), eq(conversationNotices.userId, userId)));
    const [presence] = await tx.select().from(streamPresence).where(eq(streamPresence.userId, userId));
    const seenLive =
      (presence && presence.lastSeenAt >= first.createdAt) ||
      unread.some((m) => m.status === 'delivered') ||
      (notice?.pushShownAt && notice.pushShownAt >= first.createdAt);
    const outcome: UnreadMailOutcome | null = seenLive
      ? 'seen'
      : (await isBlockedBetween(userId, first.senderId, tx))
        ? 'blocked'
        : !(await shouldNotify(userId, 'messages', 'email', at, tx)).send
          ? 'off'
          : null;
    if (outcome) {
      await cover();
      return outcome;
    }
    const next = notice?.mailedAt ? notice.mailedAt.getTime() + unreadMailRules.perConversationMinutes * MINUTE : 0;
    if (next > at.getTime()) {
      await schedule(tx, conversationId, userId, (next - at.getTime()) / 1000);
      return 'later';
    }
    const [recipient] = await tx.select().from(users).where(eq(users.id, userId));
    const [sender] = await tx.select({ firstname: users.firstname }).from(users).where(eq(users.id, first.senderId));
    const listingRef = conversationListing(conversation);
    const listing = (await listingSummaries([listingRef], tx)).get(`${listingRef.kind}:${listingRef.id}`);
    if (!recipient || !sender || !listing) return 'none';
    const locale = userLocale(recipient);
    const t = translator(locale, 'Emails');
    const lines = unread
      .flatMap((m) => (m.body.trim() ? m.body.trim().split('\n') : [t('unreadPhoto')]))
      .map((line) => line.trim())
      .filter(Boolean);
    const excerpt = lines.slice(0, unreadMailRules.excerptLines).map((line) => `> ${line.slice(0, 200)}`);
    if (lines.length > unreadMailRules.excerptLines) excerpt.push('> …');
    await enqueue(
      tx,
      'mail',
      await noticeMail(tx, recipient, 'messages', locale, {
        subject: t('unreadSubject', { name: sender.firstname, count: unread.length }),
        text: t('unreadText', {
          firstname: recipient.firstname,
          name: sender.firstname,
          count: unread.length,
          route: `${cityName(listing.from, locale)} → ${cityName(listing.to, locale)}`,
          excerpt: excerpt.join('\n'),
          url: siteUrl + localPath(locale, conversationPath(conversationId)),
        }),
      }),
    );
    await tx
      .update(conversationNotices)
      .set({ mailedAt: at, mailedUpTo: last.createdAt })
      .where(and(eq(conversationNotices.conversationId, conversationId), eq(conversationNotices.userId, userId)));
    return 'sent';
  });
}
