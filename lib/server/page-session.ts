import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/locales';
import { getSessionUser, type SessionUser } from './session';

/** The signed-in user of a dynamic page (guest and member screens only: public pages never read cookies). */
export async function pageUser(): Promise<SessionUser | null> {
  return getSessionUser(await headers());
}

/** Where a signed-in user goes from connexion: app-mobile with a verified phone, else modifier-telephone. */
export function homeOf(user: SessionUser, locale: Locale): string {
  return getPathname({ locale, href: user.phoneVerified ? '/app-mobile' : '/modifier-telephone' });
}

export async function requirePageUser(locale: Locale): Promise<SessionUser> {
  const user = await pageUser();
  if (!user) redirect(getPathname({ locale, href: '/connexion' }));
  return user;
}
