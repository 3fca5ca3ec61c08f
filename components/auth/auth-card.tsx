import { Suspense, type ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { FormMessages } from '@/components/forms/form-messages';

/** The narrow column of the account screens, with the texts their forms use. */
export function AuthColumn({ children }: { children: ReactNode }) {
  return (
    <FormMessages>
      <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">{children}</div>
    </FormMessages>
  );
}

export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-secondary text-3xl font-extrabold">{title}</h1>
        {intro ? <p className="text-muted mt-2">{intro}</p> : null}
      </header>
      {children}
    </section>
  );
}

/**
 * A page an e-mailed link opens, the same static shell for everyone: its card in the account screens'
 * column. What it holds reads the link's token in the browser, so it waits behind Suspense.
 */
export async function EmailLinkPage({ title, children }: { title: string; children: ReactNode }) {
  const c = await getTranslations('Common');
  return (
    <AuthColumn>
      <AuthCard title={title}>
        <Suspense fallback={<p role="status">{c('loading')}</p>}>{children}</Suspense>
      </AuthCard>
    </AuthColumn>
  );
}
