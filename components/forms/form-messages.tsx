import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

// Forms are client components: they get only the namespaces they use, never the whole catalogue.
const formNamespaces = [
  'Auth',
  'Validation',
  'Errors',
  'Dashboard',
  'MyListings',
  'Favourites',
  'Settings',
  'Alerts',
  'Listings',
  'Blocks',
  'Push',
  'DateField',
] as const;

export async function FormMessages({ children }: { children: ReactNode }) {
  const all = await getMessages();
  const messages = Object.fromEntries(formNamespaces.map((ns) => [ns, all[ns]]));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
