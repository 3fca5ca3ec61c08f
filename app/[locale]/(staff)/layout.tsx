import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { staffRoles } from '@/lib/domain';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { pageUser } from '@/lib/server/http/page-session';

export const metadata: Metadata = { robots: { index: false, follow: false } };

// Staff screens (CONTRACT "Web routes"): anyone but staff, signed in or not, gets the 404 page, so
// nothing tells a visitor that they exist.
export default async function StaffLayout({ children, params }: LocaleParams & { children: ReactNode }) {
  await pageLocale(params);
  const user = await pageUser();
  if (!user || !(staffRoles as readonly string[]).includes(user.role)) notFound();
  const all = await getMessages();
  const messages = { Moderation: all.Moderation, Errors: all.Errors, Validation: all.Validation };
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
