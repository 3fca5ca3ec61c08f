import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { listingKinds, profileLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import type { Profile, Reliability } from '@/lib/schemas/member';
import type { ListingSummary } from '@/lib/schemas/listings';
import { getDb } from '@/lib/server/db/client';
import { isOpenListing, likes, reports, users } from '@/lib/server/db/schema';
import { hit } from '@/lib/server/limits';
import { listingSummaries, listingTable } from '@/lib/server/listings/listings';
import { memberRow, publicUser } from './member';
import { hadDeal, hasRated, reviewsOf } from './ratings';
import { hasBlocked } from './blocks';

// Public profiles (profil/{userId}): who a member is, what others say of them, and a reliability
// record read from what they did: how fast they answer, whether their deals arrive.

/** Rows of a raw query, from either driver (PGlite answers { rows }, postgres.js the rows). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * The reliability record:
 * - median time to the first reply: in each conversation whose first message someone else wrote, the
 *   time from that message to the member's first message after it (conversations never answered are
 *   counted in neither);
 * - deals delivered among the deals accepted that are settled (delivered, cancelled after acceptance,
 *   or past their listing's arrival date);
 * - deals the member cancelled after they were accepted (the cancellation's message is theirs).
 */
export async function reliabilityOf(userId: string): Promise<Reliability> {
  const db = await getDb();
  const [replies] = rowsOf<{ median: number | string | null; answered: number | string }>(
    await db.execute(sql`
      with firsts as (
        select distinct on (m.conversation_id) m.conversation_id, m.sender_id, m.created_at
        from messages m
        join conversations c on c.id = m.conversation_id
        where c.owner_id = ${userId} or c.contact_id = ${userId}
        order by m.conversation_id, m.created_at, m.id
      ), replies as (
        select extract(epoch from (
          select min(r.created_at) from messages r
          where r.conversation_id = f.conversation_id and r.sender_id = ${userId} and r.created_at >= f.created_at
        ) - f.created_at) as seconds
        from firsts f
        where f.sender_id <> ${userId}
      )
      select percentile_cont(0.5) within group (order by seconds) as median, count(seconds)::int as answered
      from replies where seconds is not null
    `),
  );
  const [deals] = rowsOf<{ settled: number | string; delivered: number | string; cancelled: number | string }>(
    await db.execute(sql`
      select
        count(*) filter (
          where p.status in ('delivered', 'cancelled')
             or coalesce(pk.ended_at, tr.ended_at) < now()
        )::int as settled,
        count(*) filter (where p.status = 'delivered')::int as delivered,
        count(*) filter (
          where p.status = 'cancelled' and exists (
            select 1 from messages m
            where m.proposal_id = p.id and m.kind = 'proposal_cancelled' and m.sender_id = ${userId}
          )
        )::int as cancelled
      from proposals p
      left join packages pk on pk.id = p.package_id
      left join travels tr on tr.id = p.travel_id
      where (p.sender_id = ${userId} or p.publisher_id = ${userId}) and p.accepted_at is not null
    `),
  );
  const median = replies?.median === null || replies?.median === undefined ? null : Number(replies.median);
  return {
    medianReplySeconds: median === null ? null : Math.max(0, Math.round(median)),
    repliedConversations: Number(replies?.answered ?? 0),
    acceptedDeals: Number(deals?.settled ?? 0),
    deliveredDeals: Number(deals?.delivered ?? 0),
    cancelledAfterAcceptance: Number(deals?.cancelled ?? 0),
  };
}

async function likeCount(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(likes)
    .where(eq(likes.likedUserId, userId));
  return row?.count ?? 0;
}

/** A member's open listings, soonest departure first. */
async function openListingsOf(userId: string): Promise<ListingSummary[]> {
  const db = await getDb();
  const refs: { kind: (typeof listingKinds)[number]; id: string; startedAt: Date }[] = [];
  for (const kind of listingKinds) {
    const t = listingTable(kind);
    const rows = await db
      .select({ id: t.id, startedAt: t.startedAt })
      .from(t)
      .where(and(eq(t.ownerId, userId), isOpenListing(t.status), isNull(t.hidden)))
      .orderBy(asc(t.startedAt))
      .limit(profileLimits.listings);
    refs.push(...rows.map((r) => ({ kind, ...r })));
  }
  refs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const chosen = refs.slice(0, profileLimits.listings);
  const summaries = await listingSummaries(chosen);
  return chosen.flatMap((r) => summaries.get(`${r.kind}:${r.id}`) ?? []);
}

/** GET /users/{userId}/profile: the public profile, and what the signed-in viewer may do there. */
export async function getProfile(userId: string, viewerId: string | null): Promise<Profile> {
  const db = await getDb();
  const user = await memberRow(userId);
  const [reliability, reviews, listings, likeTotal] = await Promise.all([
    reliabilityOf(userId),
    reviewsOf(userId),
    openListingsOf(userId),
    likeCount(userId),
  ]);
  let viewer: Profile['viewer'] = null;
  if (viewerId) {
    const self = viewerId === userId;
    const [liked] = await db
      .select({ id: likes.userId })
      .from(likes)
      .where(and(eq(likes.userId, viewerId), eq(likes.likedUserId, userId)));
    const [reported] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.reporterId, viewerId), eq(reports.reportedUserId, userId)));
    const rated = !self && (await hasRated(db, viewerId, userId));
    viewer = {
      self,
      liked: Boolean(liked),
      rated,
      canRate: !self && !rated && (await hadDeal(db, viewerId, userId)),
      reported: Boolean(reported),
      blocked: !self && (await hasBlocked(viewerId, userId, db)),
    };
  }
  return { user: publicUser(user), likes: likeTotal, reliability, reviews, listings, viewer };
}

/** PUT (like) and DELETE (no longer) /users/{userId}/like: a member likes another, once. */
export async function setLike(userId: string, likedUserId: string, liked: boolean) {
  if (userId === likedUserId) throw new AppError('CANNOT_TARGET_SELF');
  const db = await getDb();
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, likedUserId));
  if (!target) throw new AppError('USER_NOT_FOUND');
  await hit('likeWritesPerUser', userId);
  if (liked) await db.insert(likes).values({ userId, likedUserId }).onConflictDoNothing();
  else await db.delete(likes).where(and(eq(likes.userId, userId), eq(likes.likedUserId, likedUserId)));
  return { count: await likeCount(likedUserId), liked };
}
