import 'server-only';
import { getAuth } from './auth';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
  phone: string | null;
  phoneVerified: boolean;
  locale: string;
};

/** The user of a valid session cookie in these headers, or null. */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const u = session.user as typeof session.user & Partial<SessionUser>;
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    firstname: u.firstname ?? '',
    lastname: u.lastname ?? '',
    phone: u.phone ?? null,
    phoneVerified: u.phoneVerified === true,
    locale: u.locale ?? 'fr',
  };
}
