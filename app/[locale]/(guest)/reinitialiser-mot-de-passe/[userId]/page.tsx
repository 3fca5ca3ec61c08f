import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';

export const generateMetadata = authMetadata('resetMeta');

export default async function ResetPasswordPage({ params }: { params: Promise<{ locale: string; userId: string }> }) {
  const locale = await pageLocale(params);
  const { userId } = await params;
  const t = await getTranslations('Auth');
  return (
    <AuthCard title={t('resetTitle')} intro={t('resetIntro')}>
      <ResetPasswordForm prefix={localePrefix(locale)} userId={userId} />
    </AuthCard>
  );
}
