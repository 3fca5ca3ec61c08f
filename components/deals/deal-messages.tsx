import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

// The member screens of deals (messagerie, mes-propositions) get these namespaces only.
const namespaces = [
  'Deal',
  'ParcelSizes',
  'Messaging',
  'Proposals',
  'Amounts',
  'Validation',
  'Errors',
  'Blocks',
  'Push',
] as const;

export async function DealMessages({ children }: { children: ReactNode }) {
  const all = await getMessages();
  const messages = Object.fromEntries(namespaces.map((ns) => [ns, all[ns]]));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
