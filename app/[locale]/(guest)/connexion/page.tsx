import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { enabledSocialProviders } from '@/lib/server/auth/auth';

export const generateMetadata = authMetadata('signInMeta');

type Props = LocaleParams & { searchParams: Promise<{ next?: string | string[] }> };

export default async function SignInPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Auth');
  const next = (await searchParams).next;
  return (
    <AuthCard title={t('signInTitle')} intro={t('signInIntro')}>
      <SignInForm
        prefix={localePrefix(locale)}
        next={typeof next === 'string' ? next : undefined}
        providers={enabledSocialProviders()}
      />
    </AuthCard>
  );
}
