import 'server-only';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { listingKinds, proposalStage, type ListingKind } from '@/lib/domain';
import type { Proposal } from '@/lib/schemas/deals';
import { listProposals } from '@/lib/server/deals/proposals';
import type { Dashboard, MyListing } from '@/lib/schemas/member';
import { getDb } from '@/lib/server/db/client';
import {
  conversations,
  favourites,
  isOpenListing,
  messages,
  packageImages,
  proposals,
  routeAlerts,
  users,
} from '@/lib/server/db/schema';
import { unreadCount } from '@/lib/server/deals/conversations';
import { listingSummaries, listingTable, statusChanges } from '@/lib/server/listings/listings';
import { listingViews } from '@/lib/server/traffic/listing-views';

// The member's own corner: the dashboard's counts (mon-dashboard) and their listings in every state
// with what happens on them (mes-colis, mes-trajets).

/** GET /me/dashboard: what the tiles count. */
export async function dashboardCounts(userId: string): Promise<Dashboard> {
  const db = await getDb();
  const openListings = { package: 0, travel: 0 };
  for (const kind of listingKinds) {
    const t = listingTable(kind);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(and(eq(t.ownerId, userId), isOpenListing(t.status)));
    openListings[kind] = row?.n ?? 0;
  }
  const pending = async (side: 'senderId' | 'publisherId') =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(proposals)
        .where(and(eq(proposals[side], userId), eq(proposals.status, 'pending')))
    )[0]?.n ?? 0;
  const count = async (table: typeof favourites | typeof routeAlerts) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.userId, userId))
    )[0]?.n ?? 0;
  return {
    openListings,
    unreadMessages: await unreadCount(db, userId),
    pendingProposals: { sent: await pending('senderId'), received: await pending('publisherId') },
    favourites: await count(favourites),
    alerts: await count(routeAlerts),
  };
}

/** What waits for the member, before the tiles: each proposal to answer or code to type, then unread conversations. */
export type DashboardTasks = {
  /** Newest first: the proposals that wait for this member's answer or handover code. */
  waiting: { proposal: Proposal; task: 'answer' | 'pickup' | 'deliver' }[];
  unreadConversations: number;
};

export async function dashboardTasks(userId: string): Promise<DashboardTasks> {
  const { items } = await listProposals(userId, {});
  const waiting = items
    .filter((proposal) => proposalStage(proposal) === 'toAnswer')
    .map((proposal) => ({
      proposal,
      task: proposal.actions.includes('pickup')
        ? ('pickup' as const)
        : proposal.actions.includes('deliver')
          ? ('deliver' as const)
          : ('answer' as const),
    }));
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${messages.conversationId})::int` })
    .from(messages)
    .innerJoin(conversations, eq(messages.conversationId, conversations.id))
    .where(
      and(
        sql`(${conversations.ownerId} = ${userId} or ${conversations.contactId} = ${userId})`,
        ne(messages.senderId, userId),
        ne(messages.status, 'read'),
      ),
    );
  return { waiting, unreadConversations: row?.n ?? 0 };
}

/** At most this many listings of a kind are listed, newest first. */
const myListingsMax = 200;

/**
 * GET /me/listings?kind=: the member's listings of a kind in every state, newest first, each with its
 * proposals, unread messages, conversations, favourites, views and share clicks, and the status changes its
 * owner may make.
 */
export async function myListings(userId: string, kind: ListingKind): Promise<{ items: MyListing[] }> {
  const db = await getDb();
  const t = listingTable(kind);
  const rows = await db
    .select({ id: t.id, hidden: t.hidden })
    .from(t)
    .where(eq(t.ownerId, userId))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(myListingsMax);
  const ids = rows.map((r) => r.id);
  const hidden = new Map(rows.map((r) => [r.id, r.hidden]));
  if (!ids.length) return { items: [] };
  const summaries = await listingSummaries(ids.map((id) => ({ kind, id })));
  const listingColumn = kind === 'package' ? proposals.packageId : proposals.travelId;
  const proposalRows = await db
    .select({
      id: proposals.id,
      listingId: listingColumn,
      proposerId: users.id,
      firstname: users.firstname,
      amount: proposals.amount,
      counterAmount: proposals.counterAmount,
      agreedAmount: proposals.agreedAmount,
      currency: proposals.currency,
      status: proposals.status,
      updatedAt: proposals.updatedAt,
    })
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.senderId))
    .where(inArray(listingColumn, ids))
    .orderBy(desc(proposals.updatedAt));
  const conversationColumn = kind === 'package' ? conversations.packageId : conversations.travelId;
  const talks = new Map(
    (
      await db
        .select({
          listingId: conversationColumn,
          conversations: sql<number>`count(distinct ${conversations.id})::int`,
          unread: sql<number>`count(${messages.id}) filter (where ${messages.senderId} <> ${userId} and ${messages.status} <> 'read')::int`,
        })
        .from(conversations)
        .leftJoin(messages, eq(messages.conversationId, conversations.id))
        .where(and(inArray(conversationColumn, ids), eq(conversations.ownerId, userId)))
        .groupBy(conversationColumn)
    ).map((r) => [r.listingId!, r]),
  );
  const saved = new Map(
    (
      await db
        .select({ id: favourites.listingId, n: sql<number>`count(*)::int` })
        .from(favourites)
        .where(and(eq(favourites.kind, kind), inArray(favourites.listingId, ids), ne(favourites.userId, userId)))
        .groupBy(favourites.listingId)
    ).map((r) => [r.id, r.n]),
  );
  const photos = new Map(
    kind === 'package'
      ? (
          await db
            .select({ id: packageImages.packageId, n: sql<number>`count(*)::int` })
            .from(packageImages)
            .where(inArray(packageImages.packageId, ids))
            .groupBy(packageImages.packageId)
        ).map((r) => [r.id, r.n])
      : [],
  );
  const seen = await listingViews(kind, ids);
  return {
    items: ids.flatMap((id) => {
      const listing = summaries.get(`${kind}:${id}`);
      if (!listing) return [];
      const talk = talks.get(id);
      return [
        {
          listing,
          images: photos.get(id) ?? 0,
          proposals: proposalRows
            .filter((p) => p.listingId === id)
            .map((p) => ({
              id: p.id,
              proposer: { id: p.proposerId, firstname: p.firstname },
              amount: p.amount,
              counterAmount: p.status === 'pending' ? p.counterAmount : null,
              agreedAmount: p.agreedAmount,
              currency: p.currency,
              status: p.status,
              updatedAt: p.updatedAt.toISOString(),
            })),
          unread: talk?.unread ?? 0,
          conversations: talk?.conversations ?? 0,
          favourites: saved.get(id) ?? 0,
          views: seen.get(id)?.views ?? 0,
          recentViews: seen.get(id)?.recentViews ?? 0,
          shareClicks: seen.get(id)?.shareClicks ?? 0,
          statusChanges: statusChanges(kind, listing),
          hidden: hidden.get(id) ?? null,
        },
      ];
    }),
  };
}
