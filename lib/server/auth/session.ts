import 'server-only';
import { lt } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { sessions, verifications } from '@/lib/server/db/schema';
import { memberRoles, type MemberRole } from '@/lib/domain';
import { getAuth } from './auth';

export type SessionUser = {
  id: string;
  /** The session's row: live streams end when it goes (lib/server/events/hub.ts). */
  sessionId: string;
  email: string;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
  phone: string | null;
  phoneVerified: boolean;
  locale: string;
  /** lib/domain.ts memberRoles: staff see the moderation queue. */
  role: MemberRole;
};

/** The user of a valid session cookie in these headers, or null. */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  // No session counts for an account whose address is not confirmed (one made before that rule, say).
  if (!session?.user.emailVerified) return null;
  const u = session.user as typeof session.user & Partial<SessionUser>;
  return {
    id: u.id,
    sessionId: session.session.id,
    email: u.email,
    emailVerified: u.emailVerified,
    firstname: u.firstname ?? '',
    lastname: u.lastname ?? '',
    phone: u.phone ?? null,
    phoneVerified: u.phoneVerified === true,
    locale: u.locale ?? 'fr',
    role: memberRoles.find((role) => role === u.role) ?? 'member',
  };
}

/** Sessions and verification links (e-mail, reset, e-mail change) past their expiry (the prune job). */
export async function pruneExpiredSessions(): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(verifications).where(lt(verifications.expiresAt, now));
}
