import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { FormMessages } from '@/components/forms/form-messages';
import { SessionSync } from '@/components/layout/session-sync';
import { ServiceWorker } from '@/components/member/service-worker';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { requirePageUser } from '@/lib/server/http/page-session';
import { mirrorUser } from '@/lib/server/members/member';

export const metadata: Metadata = { robots: { index: false, follow: false } };

// Member screens: a valid session or connexion; the browser's mirror of the user is refreshed here,
// and the service worker (web push) registered.
export default async function MemberLayout({ children, params }: LocaleParams & { children: ReactNode }) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  return (
    <FormMessages>
      <SessionSync user={await mirrorUser(user.id)} />
      <ServiceWorker />
      {children}
    </FormMessages>
  );
}
