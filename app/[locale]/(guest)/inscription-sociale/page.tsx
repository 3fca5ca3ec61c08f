import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SocialSignUpForm } from '@/components/auth/social-sign-up-form';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { safeNext } from '@/lib/i18n/paths';
import { enabledSocialProviders } from '@/lib/server/auth/auth';

export const generateMetadata = authMetadata('socialSignUpMeta');

type Props = LocaleParams & { searchParams: Promise<{ provider?: string | string[]; next?: string | string[] }> };

/** A provider's newcomer declares their age and accepts the terms before the account is made (spec: 18+). */
export default async function SocialSignUpPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const prefix = localePrefix(locale);
  const t = await getTranslations('Auth');
  const query = await searchParams;
  const provider = enabledSocialProviders().find((name) => name === query.provider);
  if (!provider) notFound();
  const name = t(`socialNames.${provider}`);
  return (
    <AuthCard title={t('socialSignUpTitle')} intro={t('socialSignUpIntro', { name })}>
      <SocialSignUpForm
        prefix={prefix}
        provider={provider}
        next={safeNext(typeof query.next === 'string' ? query.next : undefined, prefix)}
      />
    </AuthCard>
  );
}
