import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { MirrorUser, OwnUser, PublicUser } from '@/lib/schemas/users';
import { userLocale } from '@/lib/server/auth/auth';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { unreadCount } from '@/lib/server/deals/conversations';

// The face of a member: their row, and how others, they themselves and their browser's mirror see
// them. What a member does lives beside it: accounts.ts (sign-up, sign-in, e-mail, password),
// phone.ts, settings.ts (their account, avatar, data), profiles.ts, ratings.ts, reports.ts,
// favourites.ts, dashboard.ts.

export type MemberRow = typeof users.$inferSelect;

/** A member's row, or USER_NOT_FOUND. */
export async function memberRow(userId: string): Promise<MemberRow> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** What anyone may see of a member: the last name reduced to its initial. */
export function publicUser(user: MemberRow): PublicUser {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: `${user.lastname.charAt(0)}.`,
    avatar: user.image,
    rating: user.ratingAverage,
    reviewCount: user.ratingCount,
    verified: { email: user.emailVerified, phone: user.phoneVerified, identity: user.identityVerified },
    memberSince: user.createdAt.toISOString(),
  };
}

export async function unreadMessages(userId: string): Promise<number> {
  return unreadCount(await getDb(), userId);
}

/** GET users/{id}: the public profile; the user themself also gets their contact details. */
export async function getUser(id: string, viewerId: string | null): Promise<PublicUser | OwnUser> {
  const user = await memberRow(id);
  if (viewerId !== id) return publicUser(user);
  return {
    ...publicUser(user),
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    verifiedPhone: user.phoneVerified,
    unreadMessages: await unreadMessages(id),
    locale: userLocale(user),
  };
}

/** The signed-in user as the browser mirrors it (DESIGN.md "Session"). */
export async function mirrorUser(userId: string): Promise<MirrorUser> {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, firstname: users.firstname, phoneVerified: users.phoneVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  return {
    id: user.id,
    firstname: user.firstname,
    verifiedPhone: user.phoneVerified,
    unreadMessages: await unreadMessages(userId),
  };
}
