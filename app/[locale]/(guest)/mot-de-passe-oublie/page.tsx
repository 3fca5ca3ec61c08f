import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export const generateMetadata = authMetadata('forgotMeta');

export default async function ForgotPasswordPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Auth');
  return (
    <AuthCard title={t('forgotTitle')} intro={t('forgotIntro')}>
      <ForgotPasswordForm prefix={localePrefix(locale)} />
    </AuthCard>
  );
}
