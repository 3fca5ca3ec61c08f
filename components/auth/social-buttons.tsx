'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/forms/field';
import { startSocialSignIn } from '@/lib/client/social-sign-in';
import type { SocialProvider } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

const buttonClass =
  'flex min-h-12 w-full items-center justify-center rounded-full border border-neutral-300 px-6 font-semibold hover:bg-neutral-50 disabled:opacity-60';

/**
 * The configured providers. On connexion a button goes to the provider (a newcomer comes back to
 * inscription-sociale); on inscription each one leads to inscription-sociale first.
 */
export function SocialButtons({
  prefix,
  providers,
  next,
  signUp = false,
}: {
  prefix: Prefix;
  providers: readonly SocialProvider[];
  next?: string;
  signUp?: boolean;
}) {
  const t = useTranslations('Auth');
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [failed, setFailed] = useState<SocialProvider | null>(null);
  if (!providers.length) return null;

  const start = async (provider: SocialProvider) => {
    setFailed(null);
    setPending(provider);
    if (!(await startSocialSignIn(provider, prefix, next))) {
      setPending(null);
      setFailed(provider);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted text-center text-sm">{t('orContinue')}</p>
      <FormAlert message={failed ? t('socialFailed', { name: t(`socialNames.${failed}`) }) : null} />
      {providers.map((provider) =>
        signUp ? (
          <Link
            key={provider}
            href={`${localPath(prefix, 'inscription-sociale')}?provider=${provider}`}
            className={buttonClass}
          >
            {t(provider)}
          </Link>
        ) : (
          <button
            key={provider}
            type="button"
            disabled={pending !== null}
            aria-busy={pending === provider || undefined}
            onClick={() => void start(provider)}
            className={buttonClass}
          >
            {t(provider)}
          </button>
        ),
      )}
    </div>
  );
}
