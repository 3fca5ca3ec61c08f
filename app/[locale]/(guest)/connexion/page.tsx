import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { authMetadata } from '@/lib/i18n/screen-metadata';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { localPath, safeNext } from '@/lib/i18n/paths';
import { isErrorCode } from '@/lib/errors';
import { socialProviders, type SocialProvider } from '@/lib/domain';
import { enabledSocialProviders } from '@/lib/server/auth/auth';

export const generateMetadata = authMetadata('signInMeta');

type Query = Record<'next' | 'error' | 'provider', string | string[] | undefined>;
type Props = LocaleParams & { searchParams: Promise<Partial<Query>> };

/** better-auth's `?error=` after a provider's trip, as the member reads it (our own codes have their texts). */
const providerErrors = {
  access_denied: 'socialCancelled',
  user_cancelled_authorize: 'socialCancelled',
  account_not_linked: 'socialUnconfirmed',
  email_unconfirmed: 'socialConfirmFirst',
  email_not_found: 'socialNoEmail',
} as const;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export default async function SignInPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const prefix = localePrefix(locale);
  const t = await getTranslations('Auth');
  const errors = await getTranslations('Errors');
  const query = await searchParams;
  const next = safeNext(one(query.next), prefix);
  const error = one(query.error);
  const provider = socialProviders.find((name): name is SocialProvider => name === one(query.provider));

  // A provider's newcomer: age and terms first, then the same provider again (lib/server/auth/auth.ts).
  if (error === 'signup_disabled' && provider)
    redirect(
      `${localPath(prefix, 'inscription-sociale')}?${new URLSearchParams({ provider, ...(next ? { next } : {}) })}`,
    );

  const name = t(`socialNames.${provider ?? 'other'}`);
  const message = !error
    ? undefined
    : isErrorCode(error)
      ? errors(error)
      : t(error in providerErrors ? providerErrors[error as keyof typeof providerErrors] : 'socialFailed', { name });
  return (
    <AuthCard title={t('signInTitle')} intro={t('signInIntro')}>
      <SignInForm prefix={prefix} next={next} providers={enabledSocialProviders()} initialError={message} />
    </AuthCard>
  );
}
