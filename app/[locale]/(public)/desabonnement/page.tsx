import { getTranslations } from 'next-intl/server';
import { EmailLinkPage } from '@/components/auth/auth-card';
import { TokenAction } from '@/components/member/token-action';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { emailLinkMetadata } from '@/lib/i18n/screen-metadata';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;

export const generateMetadata = emailLinkMetadata('Settings.unsubscribeTitle');

// desabonnement?token=: the last line of a notification e-mail (new messages, proposals, deal steps)
// turns that kind of e-mail off; the same static shell for everyone.
export default async function NoticeUnsubscribePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Settings');
  return (
    <EmailLinkPage title={t('unsubscribeTitle')}>
      <TokenAction kind="noticeUnsubscribe" nextHref={`${localPath(locale, 'parametres')}#notifications`} />
    </EmailLinkPage>
  );
}
