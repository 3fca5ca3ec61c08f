'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/forms/field';
import { errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';

/**
 * A page an e-mailed link opens: its token is sent once, from the browser (the page itself is the same
 * static shell for everyone), and the outcome shown. `kind` picks the call and the texts.
 */
export function TokenAction({ kind, nextHref }: { kind: 'emailChange' | 'alertUnsubscribe'; nextHref: string }) {
  const t = useTranslations(kind === 'emailChange' ? 'Settings' : 'Alerts');
  const api = useApi();
  const token = useSearchParams().get('token');
  const [state, setState] = useState<'working' | 'done' | 'error'>(token ? 'working' : 'error');
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const call =
      kind === 'emailChange'
        ? api('me/email/confirm', { token })
        : api(`alerts/unsubscribe?token=${encodeURIComponent(token)}`, undefined, 'POST');
    call
      .then(() => setState('done'))
      .catch((e: unknown) => {
        setMessage(errorText(e));
        setState('error');
      });
  }, [api, kind, token]);
  if (state === 'working') return <p role="status">{t('linkWorking')}</p>;
  return (
    <div className="flex flex-col gap-4">
      {state === 'done' ? (
        <FormAlert tone="success" message={t('linkDone')} />
      ) : (
        <FormAlert message={message ?? t('linkMissing')} />
      )}
      <Link href={nextHref} className="text-secondary font-semibold underline">
        {t('linkNext')}
      </Link>
    </div>
  );
}
