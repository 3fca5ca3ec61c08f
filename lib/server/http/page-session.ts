import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { memberHome } from '@/lib/routes';
import { getSessionUser, type SessionUser } from '@/lib/server/auth/session';

/** The signed-in user of a dynamic page (guest and member screens only: public pages never read cookies). */
export async function pageUser(): Promise<SessionUser | null> {
  return getSessionUser(await headers());
}

/** Where a signed-in user goes from the guest screens (lib/routes.ts memberHome). */
export function homeOf(user: SessionUser, locale: Locale): string {
  return localPath(locale, memberHome({ verifiedPhone: user.phoneVerified }));
}

export async function requirePageUser(locale: Locale): Promise<SessionUser> {
  const user = await pageUser();
  if (!user) redirect(localPath(locale, '/connexion'));
  return user;
}
