import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmailLinkPage } from '@/components/auth/auth-card';
import { TokenAction } from '@/components/member/token-action';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'Settings' });
  return { title: t('emailConfirmTitle'), robots: { index: false, follow: false } };
}

// nouvel-email?token=: the link sent to a new address; the same static shell for everyone.
export default async function NewEmailPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Settings');
  return (
    <EmailLinkPage title={t('emailConfirmTitle')}>
      <TokenAction kind="emailChange" nextHref={localPath(locale, 'parametres')} />
    </EmailLinkPage>
  );
}
