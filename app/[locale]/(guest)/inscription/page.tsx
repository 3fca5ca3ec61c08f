import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { SocialButtons } from '@/components/auth/social-buttons';
import { enabledSocialProviders } from '@/lib/server/auth/auth';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export const generateMetadata = authMetadata('signUpMeta');

export default async function SignUpPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Auth');
  return (
    <AuthCard title={t('signUpTitle')} intro={t('signUpIntro')}>
      <SignUpForm prefix={localePrefix(locale)} />
      <SocialButtons prefix={localePrefix(locale)} providers={enabledSocialProviders()} signUp />
    </AuthCard>
  );
}
