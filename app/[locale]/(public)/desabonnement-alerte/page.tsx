import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { FormMessages } from '@/components/forms/form-messages';
import { TokenAction } from '@/components/member/token-action';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'Alerts' });
  return { title: t('unsubscribeTitle'), robots: { index: false, follow: false } };
}

// desabonnement-alerte?token=: an alert e-mail's one-click unsubscribe; the same static shell for everyone.
export default async function AlertUnsubscribePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Alerts');
  const c = await getTranslations('Common');
  return (
    <FormMessages>
      <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
        <AuthCard title={t('unsubscribeTitle')}>
          <Suspense fallback={<p role="status">{c('loading')}</p>}>
            <TokenAction kind="alertUnsubscribe" nextHref={localPath(locale, '')} />
          </Suspense>
        </AuthCard>
      </div>
    </FormMessages>
  );
}
