import { getTranslations } from 'next-intl/server';
import { EmailLinkPage } from '@/components/auth/auth-card';
import { TokenAction } from '@/components/member/token-action';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { emailLinkMetadata } from '@/lib/i18n/screen-metadata';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;

export const generateMetadata = emailLinkMetadata('Alerts.unsubscribeTitle');

// desabonnement-alerte?token=: an alert e-mail's one-click unsubscribe; the same static shell for everyone.
export default async function AlertUnsubscribePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Alerts');
  return (
    <EmailLinkPage title={t('unsubscribeTitle')}>
      <TokenAction kind="alertUnsubscribe" nextHref={localPath(locale, '')} />
    </EmailLinkPage>
  );
}
