'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { EmailField, FormAlert, PasswordField, SubmitButton } from '@/components/forms/field';
import { signInSchema, type SignInInput } from '@/lib/schemas/auth';
import { errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { writeUser } from '@/lib/client/session-mirror';
import type { MirrorUser } from '@/lib/schemas/users';
import { localPath } from '@/lib/i18n/paths';
import { SocialButtons } from '@/components/auth/social-buttons';
import type { SocialProvider } from '@/lib/domain';
import { memberHome } from '@/lib/routes';
import type { Prefix } from '@/lib/i18n/locales';

type Props = {
  prefix: Prefix;
  /** Where to go after signing in, made safe by the page (lib/i18n/paths safeNext). */
  next?: string;
  providers: readonly SocialProvider[];
  initialError?: string;
};

export function SignInForm({ prefix, next, providers, initialError }: Props) {
  const t = useTranslations('Auth');
  const api = useApi();
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError ?? null);
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await api<MirrorUser>('auth/sign-in', values);
      writeUser(user);
      router.push(next ?? localPath(prefix, memberHome(user)));
      router.refresh();
    } catch (e) {
      setError(errorText(e));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormAlert message={error} />
        <EmailField label={t('email')} error={errors.email} {...form.register('email')} />
        <PasswordField label={t('password')} error={errors.password} {...form.register('password')} />
        <Link
          href={localPath(prefix, 'mot-de-passe-oublie')}
          className="text-secondary self-end text-sm font-semibold underline"
        >
          {t('forgotLink')}
        </Link>
        <SubmitButton pending={isSubmitting}>{t('signIn')}</SubmitButton>
      </form>
      <SocialButtons prefix={prefix} providers={providers} next={next} />
      <p className="text-center text-sm">
        {t('noAccount')}{' '}
        <Link href={localPath(prefix, 'inscription')} className="text-secondary font-semibold underline">
          {t('signUpLink')}
        </Link>
      </p>
    </div>
  );
}
