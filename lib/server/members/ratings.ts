import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import { profileLimits } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import type { RatingInput, Review } from '@/lib/schemas/member';
import { getDb, type Tx } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { packages, proposals, ratings, reports, travels, users } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { dayStart, listingDay } from '@/lib/listing-days';
import { hit } from '@/lib/server/limits';

// Ratings and reviews (specification sections 1, 6 and 8): after a deal between two members, each
// may rate the other from 1 to 5 with a comment, once ("already rated this user"). A deal counts when
// its delivery was confirmed with the code, or it was accepted, its listing's arrival day (in Tunisia)
// has passed, and neither reported the other.

type Db = Pick<Tx, 'select'>;

/** Whether two members had a deal that lets them rate each other. */
export async function hadDeal(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .leftJoin(packages, eq(packages.id, proposals.packageId))
    .leftJoin(travels, eq(travels.id, proposals.travelId))
    .where(
      and(
        or(
          and(eq(proposals.senderId, a), eq(proposals.publisherId, b)),
          and(eq(proposals.senderId, b), eq(proposals.publisherId, a)),
        ),
        or(
          eq(proposals.status, 'delivered'),
          and(
            inArray(proposals.status, ['accepted', 'in_transit']),
            sql`coalesce(${packages.endedAt}, ${travels.endedAt}) < ${dayStart(listingDay(now())).toISOString()}::timestamptz`,
            notExists(
              db
                .select({ one: sql`1` })
                .from(reports)
                .where(
                  or(
                    and(eq(reports.reporterId, a), eq(reports.reportedUserId, b)),
                    and(eq(reports.reporterId, b), eq(reports.reportedUserId, a)),
                  ),
                ),
            ),
          ),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function hasRated(db: Db, authorId: string, ratedUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.authorId, authorId), eq(ratings.ratedUserId, ratedUserId)));
  return Boolean(row);
}

/** Each member's count and average, from their ratings (in the transaction that changed them). */
export async function recomputeRatings(tx: Tx, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await tx
    .update(users)
    .set({
      ratingCount: sql`(select count(*)::int from ${ratings} where ${ratings.ratedUserId} = ${users.id})`,
      ratingAverage: sql`(select round(avg(${ratings.score}), 2) from ${ratings} where ${ratings.ratedUserId} = ${users.id})`,
    })
    .where(inArray(users.id, ids));
}

/** POST /users/{userId}/ratings: once per rated member, only after a deal with them. */
export async function rateMember(authorId: string, ratedUserId: string, input: RatingInput): Promise<Review> {
  if (authorId === ratedUserId) throw new AppError('CANNOT_TARGET_SELF');
  const db = await getDb();
  const [rated] = await db.select({ id: users.id }).from(users).where(eq(users.id, ratedUserId));
  if (!rated) throw new AppError('USER_NOT_FOUND');
  if (await hasRated(db, authorId, ratedUserId)) throw new AppError('ALREADY_RATED');
  if (!(await hadDeal(db, authorId, ratedUserId))) throw new AppError('RATING_NOT_ALLOWED');
  await hit('ratingsPerUser', authorId);
  const id = randomBytes(12).toString('base64url');
  try {
    await db.transaction(async (tx) => {
      await tx.insert(ratings).values({ id, authorId, ratedUserId, score: input.score, comment: input.comment });
      await recomputeRatings(tx, [ratedUserId]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_RATED');
    throw error;
  }
  return (await reviewsOf(ratedUserId, { id }))[0]!;
}

/** A member's reviews, newest first. */
export async function reviewsOf(ratedUserId: string, only?: { id: string }): Promise<Review[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: ratings.id,
      score: ratings.score,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      authorId: users.id,
      firstname: users.firstname,
      avatar: users.image,
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.authorId))
    .where(and(eq(ratings.ratedUserId, ratedUserId), only ? eq(ratings.id, only.id) : undefined))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(profileLimits.reviews);
  return rows.map((r) => ({
    id: r.id,
    author: { id: r.authorId, firstname: r.firstname, avatar: r.avatar },
    score: r.score,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  }));
}
