import 'server-only';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { BlockedMembers } from '@/lib/schemas/member';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { blocks, users } from '@/lib/server/db/schema';
import { hit } from '@/lib/server/limits';
import { publicUser } from './member';

// Blocks: a member blocks another from a conversation or a profile. Between the two, in both
// directions, no new conversation, proposal or message (the deals services ask isBlockedBetween);
// the blocker sees their conversation closed, the other side gets MEMBER_BLOCKED when writing.

/** Whether either of the two blocked the other (the deals services, and notifications, ask it). */
export async function isBlockedBetween(a: string, b: string, db?: Db | Tx): Promise<boolean> {
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return Boolean(row);
}

/** Of `others`, those with whom `userId` has a block, in either direction. */
export async function blockedAmong(userId: string, others: string[], db?: Pick<Tx, 'select'>): Promise<Set<string>> {
  const reader = db ?? (await getDb());
  const rows = await reader
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, others)),
        and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, others)),
      ),
    );
  return new Set(rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
}

/** Refuses with MEMBER_BLOCKED when either of the two blocked the other. */
export async function assertNotBlocked(a: string, b: string, db?: Db | Tx): Promise<void> {
  if (await isBlockedBetween(a, b, db)) throw new AppError('MEMBER_BLOCKED');
}

/** Whether `blockerId` blocked `blockedId` (one direction: what the blocker's screens show). */
export async function hasBlocked(blockerId: string, blockedId: string, db?: Db | Tx): Promise<boolean> {
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return Boolean(row);
}

/** PUT (block) and DELETE (unblock) /users/{userId}/block. */
export async function setBlock(blockerId: string, blockedId: string, blocked: boolean) {
  if (blockerId === blockedId) throw new AppError('CANNOT_TARGET_SELF');
  const db = await getDb();
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!target) throw new AppError('USER_NOT_FOUND');
  await hit('blockWritesPerUser', blockerId);
  if (blocked) await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  else await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return { blocked };
}

/** GET /me/blocks: the members this one blocked, newest first (parametres, to unblock). */
export async function listBlocked(blockerId: string): Promise<BlockedMembers> {
  const db = await getDb();
  const rows = await db
    .select({ user: users, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
  return {
    items: rows.map(({ user, blockedAt }) => {
      const shown = publicUser(user);
      return {
        userId: user.id,
        firstname: shown.firstname,
        lastname: shown.lastname,
        avatar: shown.avatar,
        blockedAt: blockedAt.toISOString(),
      };
    }),
  };
}
