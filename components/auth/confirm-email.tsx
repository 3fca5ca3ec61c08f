'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/forms/field';
import { ApiError, errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

/** confirmation-email/{userId}: checks the e-mailed link's token, or offers to send the e-mail again. */
export function ConfirmEmail({ prefix, userId }: { prefix: Prefix; userId: string }) {
  const t = useTranslations('Auth');
  const api = useApi();
  const token = useSearchParams().get('token');
  const [state, setState] = useState<'checking' | 'done' | 'pending' | 'error'>(token ? 'checking' : 'pending');
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    api<null>(`users/${encodeURIComponent(userId)}/confirm-email`, { token })
      .then(() => setState('done'))
      .catch((e: unknown) => {
        setMessage(errorText(e));
        setState(e instanceof ApiError && e.code === 'EMAIL_ALREADY_VERIFIED' ? 'done' : 'error');
      });
  }, [api, token, userId]);

  const resend = async () => {
    setNotice(null);
    setMessage(null);
    try {
      await api(`users/${encodeURIComponent(userId)}/resend-confirmation`, {});
      setNotice(t('confirmResent'));
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  const button = 'inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold';
  if (state === 'checking') return <p role="status">{t('confirmChecking')}</p>;
  if (state === 'done')
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success" message={message ?? t('confirmDone')} />
        <Link href={localPath(prefix, 'connexion')} className={`${button} bg-secondary text-white`}>
          {t('continue')}
        </Link>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={message} />
      <FormAlert tone="success" message={notice} />
      <p>{t('confirmPending')}</p>
      <button
        type="button"
        onClick={resend}
        className={`${button} border-secondary text-secondary hover:bg-secondary-light border`}
      >
        {t('confirmResend')}
      </button>
    </div>
  );
}
