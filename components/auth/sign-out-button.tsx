'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { signOutAndGoHome } from '@/lib/client/sign-out';
import type { Prefix } from '@/lib/i18n/locales';

export function SignOutButton({ prefix }: { prefix: Prefix }) {
  const t = useTranslations('Auth');
  const network = useTranslations('Errors')('NETWORK');
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        if (!(await signOutAndGoHome(prefix, { network, signedOut: t('signedOut') }, router))) setPending(false);
      }}
      className="inline-flex min-h-11 items-center rounded-full border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
    >
      {t('signOut')}
    </button>
  );
}
