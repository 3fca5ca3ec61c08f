'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { EmailField, FormAlert, SubmitButton } from '@/components/forms/field';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@/lib/schemas/auth';
import { errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

export function ForgotPasswordForm({ prefix }: { prefix: Prefix }) {
  const t = useTranslations('Auth');
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await api('auth/forgot-password', values);
      setSent(true);
    } catch (e) {
      setError(errorText(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={error} />
      <FormAlert tone="success" message={sent ? t('forgotSent') : null} />
      <EmailField label={t('email')} error={errors.email} {...form.register('email')} />
      <SubmitButton pending={isSubmitting}>{t('sendLink')}</SubmitButton>
      <Link
        href={localPath(prefix, 'connexion')}
        className="text-secondary text-center text-sm font-semibold underline"
      >
        {t('backToSignIn')}
      </Link>
    </form>
  );
}
