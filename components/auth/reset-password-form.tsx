'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { FormAlert, PasswordField, SubmitButton } from '@/components/forms/field';
import { resetPasswordSchema, type ResetPasswordInput } from '@/lib/schemas/auth';
import { ApiError, errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

export function ResetPasswordForm({ prefix, userId }: { prefix: Prefix; userId: string }) {
  const t = useTranslations('Auth');
  const api = useApi();
  const token = useSearchParams().get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await api(`users/${encodeURIComponent(userId)}/reset-password`, values);
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'PASSWORD_SAME_AS_OLD') form.setError('password', { message: e.message });
      else setError(errorText(e));
    }
  });

  const signIn = (
    <Link href={localPath(prefix, 'connexion')} className="text-secondary text-center font-semibold underline">
      {t('backToSignIn')}
    </Link>
  );
  if (done)
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success" message={t('resetDone')} />
        {signIn}
      </div>
    );
  if (!token)
    return (
      <div className="flex flex-col gap-4">
        <FormAlert message={t('resetMissingToken')} />
        <Link
          href={localPath(prefix, 'mot-de-passe-oublie')}
          className="text-secondary text-center font-semibold underline"
        >
          {t('forgotLink')}
        </Link>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={error} />
      <PasswordField
        label={t('newPassword')}
        autoComplete="new-password"
        error={errors.password}
        {...form.register('password')}
      />
      <PasswordField
        label={t('confirmNewPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <SubmitButton pending={isSubmitting}>{t('resetSubmit')}</SubmitButton>
      {signIn}
    </form>
  );
}
