'use client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { FormAlert, SubmitButton } from '@/components/forms/field';
import { BirthDateField, HaveAccount, TermsCheckbox } from '@/components/auth/age-and-terms';
import { startSocialSignIn } from '@/lib/client/social-sign-in';
import { tabCampaign } from '@/lib/client/campaign';
import type { SocialProvider } from '@/lib/domain';
import { socialSignUpSchema, type SocialSignUpInput } from '@/lib/schemas/auth';
import type { Prefix } from '@/lib/i18n/locales';

type Props = { prefix: Prefix; provider: SocialProvider; next?: string };

/** Age and terms, then the provider again: the account is made when it answers (lib/server/auth/auth.ts). */
export function SocialSignUpForm({ prefix, provider, next }: Props) {
  const t = useTranslations('Auth');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SocialSignUpInput>({
    resolver: zodResolver(socialSignUpSchema),
    defaultValues: { birthDate: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    if (!(await startSocialSignIn(provider, prefix, next, { ...values, campaign: tabCampaign() })))
      setError(t('socialFailed', { name: t(`socialNames.${provider}`) }));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={error} />
      <BirthDateField error={errors.birthDate} registration={form.register('birthDate')} />
      <TermsCheckbox prefix={prefix} error={errors.acceptTerms} registration={form.register('acceptTerms')} />
      <SubmitButton pending={isSubmitting}>{t(provider)}</SubmitButton>
      <HaveAccount prefix={prefix} />
    </form>
  );
}
