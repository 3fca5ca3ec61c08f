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
import { memberHome } from '@/lib/routes';
import type { Prefix } from '@/lib/i18n/locales';

type Props = { prefix: Prefix; next?: string; providers: ('google' | 'facebook' | 'apple')[] };

/** A safe place to return to: a path of this site under the same language, never another origin. */
function safeNext(next: string | undefined, prefix: Prefix): string | undefined {
  return next && next.startsWith(`/${prefix}/`) && !next.startsWith('//') ? next : undefined;
}

export function SignInForm({ prefix, next, providers }: Props) {
  const t = useTranslations('Auth');
  const api = useApi();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
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
      router.push(safeNext(next, prefix) ?? localPath(prefix, memberHome(user)));
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
      {providers.length ? (
        <div className="flex flex-col gap-3">
          <p className="text-muted text-center text-sm">{t('orContinue')}</p>
          {providers.map((provider) => (
            <form
              key={provider}
              method="post"
              action={`/api/auth/sign-in/social`}
              onSubmit={(e) => {
                e.preventDefault();
                void fetch('/api/auth/sign-in/social', {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ provider, callbackURL: localPath(prefix, 'mon-dashboard') }),
                })
                  .then((r) => r.json())
                  .then((data: { url?: string }) => {
                    if (data.url) window.location.href = data.url;
                    else setError(t(provider));
                  });
              }}
            >
              <button
                type="submit"
                className="min-h-12 w-full rounded-full border border-neutral-300 px-6 font-semibold hover:bg-neutral-50"
              >
                {t(provider)}
              </button>
            </form>
          ))}
        </div>
      ) : null}
      <p className="text-center text-sm">
        {t('noAccount')}{' '}
        <Link href={localPath(prefix, 'inscription')} className="text-secondary font-semibold underline">
          {t('signUpLink')}
        </Link>
      </p>
    </div>
  );
}
