import { getTranslations } from 'next-intl/server';
import { EmailLinkPage } from '@/components/auth/auth-card';
import { ConfirmEmail } from '@/components/auth/confirm-email';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';

export const generateMetadata = authMetadata('confirmMeta');

// The same static shell for every user: the token is read and checked in the browser.
export default async function ConfirmEmailPage({ params }: { params: Promise<{ locale: string; userId: string }> }) {
  const locale = await pageLocale(params);
  const { userId } = await params;
  const t = await getTranslations('Auth');
  return (
    <EmailLinkPage title={t('confirmTitle')}>
      <ConfirmEmail prefix={localePrefix(locale)} userId={userId} />
    </EmailLinkPage>
  );
}
