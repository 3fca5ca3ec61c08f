import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AuthColumn } from '@/components/auth/auth-card';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { homeOf, pageUser } from '@/lib/server/http/page-session';

// Guest-only screens: a signed-in user goes to app-mobile (verified phone) or modifier-telephone.
export default async function GuestLayout({ children, params }: LocaleParams & { children: ReactNode }) {
  const locale = await pageLocale(params);
  const user = await pageUser();
  if (user) redirect(homeOf(user, locale));
  return <AuthColumn>{children}</AuthColumn>;
}
