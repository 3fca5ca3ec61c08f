'use client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { EmailField, Field, FormAlert, PasswordField, SubmitButton } from '@/components/forms/field';
import { BirthDateField, HaveAccount, TermsCheckbox } from '@/components/auth/age-and-terms';
import { signUpSchema, type SignUpInput } from '@/lib/schemas/auth';
import { ApiError, errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { tabCampaign } from '@/lib/client/campaign';
import type { Prefix } from '@/lib/i18n/locales';

export function SignUpForm({ prefix }: { prefix: Prefix }) {
  const t = useTranslations('Auth');
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  /** The address the confirmation went to: the form gives way to what to do next. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstname: '', lastname: '', email: '', password: '', confirmPassword: '', birthDate: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await api('auth/sign-up', { ...values, campaign: tabCampaign() });
      setSentTo(values.email);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        for (const [field, message] of Object.entries(e.fields)) form.setError(field as keyof SignUpInput, { message });
      } else setError(errorText(e));
    }
  });

  if (sentTo) return <SignUpSent email={sentTo} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('firstname')}
          autoComplete="given-name"
          error={errors.firstname}
          {...form.register('firstname')}
        />
        <Field
          label={t('lastname')}
          autoComplete="family-name"
          error={errors.lastname}
          {...form.register('lastname')}
        />
      </div>
      <EmailField label={t('email')} error={errors.email} {...form.register('email')} />
      <BirthDateField error={errors.birthDate} registration={form.register('birthDate')} />
      <PasswordField
        label={t('password')}
        autoComplete="new-password"
        error={errors.password}
        {...form.register('password')}
      />
      <PasswordField
        label={t('confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <TermsCheckbox prefix={prefix} error={errors.acceptTerms} registration={form.register('acceptTerms')} />
      <SubmitButton pending={isSubmitting}>{t('signUp')}</SubmitButton>
      <HaveAccount prefix={prefix} />
    </form>
  );
}

/** After signing up: where the link went, and a way to have it sent again. */
function SignUpSent({ email }: { email: string }) {
  const t = useTranslations('Auth');
  const api = useApi();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resend = async () => {
    setNotice(null);
    setError(null);
    try {
      await api('auth/resend-confirmation', { email });
      setNotice(t('confirmResent'));
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <FormAlert tone="success" message={t('signUpSent', { email })} />
      <FormAlert message={error} />
      <FormAlert tone="success" message={notice} />
      <button
        type="button"
        onClick={resend}
        className="border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-12 items-center justify-center rounded-full border px-6 font-semibold"
      >
        {t('confirmResend')}
      </button>
    </div>
  );
}
