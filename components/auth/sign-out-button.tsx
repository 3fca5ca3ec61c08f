'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { signOut } from '@/lib/client/sign-out';
import { toast } from '@/lib/client/toast';
import { errorText } from '@/lib/client/api';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

export function SignOutButton({ prefix }: { prefix: Prefix }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const network = useTranslations('Errors')('NETWORK');
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await signOut(locale, network);
          toast(t('signedOut'), 'success');
          router.push(localPath(prefix, ''));
          router.refresh();
        } catch (e) {
          toast(errorText(e), 'error');
          setPending(false);
        }
      }}
      className="inline-flex min-h-11 items-center rounded-full border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
    >
      {t('signOut')}
    </button>
  );
}
