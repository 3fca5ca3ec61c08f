'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/forms/field';
import { errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { writeUser } from '@/lib/client/session-mirror';

/**
 * A page an e-mailed link opens: its token is sent once, from the browser (the page itself is the same
 * static shell for everyone), and the outcome shown. `kind` picks the call and the texts.
 */
export function TokenAction({
  kind,
  nextHref,
}: {
  kind: 'emailChange' | 'accountDelete' | 'alertUnsubscribe' | 'noticeUnsubscribe';
  nextHref: string;
}) {
  const t = useTranslations(kind === 'alertUnsubscribe' ? 'Alerts' : 'Settings');
  const settings = useTranslations('Settings');
  const api = useApi();
  const token = useSearchParams().get('token');
  const [state, setState] = useState<'working' | 'done' | 'link-sent' | 'error'>(token ? 'working' : 'error');
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const call =
      kind === 'emailChange'
        ? api<{ status: 'changed' | 'link-sent' }>('me/email/confirm', { token })
        : kind === 'accountDelete'
          ? api<{ status: 'deleted' }>('me/deletion/confirm', { token })
          : kind === 'noticeUnsubscribe'
            ? api<null>(`notifications/unsubscribe?token=${encodeURIComponent(token)}`, undefined, 'POST')
            : api<null>(`alerts/unsubscribe?token=${encodeURIComponent(token)}`, undefined, 'POST');
    call
      .then((data) => {
        if (kind === 'accountDelete') writeUser(null);
        // An approval from the current address of a member without a password: the link went to the new one.
        setState(data?.status === 'link-sent' ? 'link-sent' : 'done');
      })
      .catch((e: unknown) => {
        setMessage(errorText(e));
        setState('error');
      });
  }, [api, kind, token]);
  if (state === 'working') return <p role="status">{t('linkWorking')}</p>;
  return (
    <div className="flex flex-col gap-4">
      {state === 'done' || state === 'link-sent' ? (
        <FormAlert
          tone="success"
          message={
            kind === 'accountDelete'
              ? settings('deleted')
              : kind === 'noticeUnsubscribe'
                ? settings('unsubscribeDone')
                : state === 'link-sent'
                  ? settings('approvalDone')
                  : t('linkDone')
          }
        />
      ) : (
        <FormAlert message={message ?? t('linkMissing')} />
      )}
      <Link href={nextHref} className="text-secondary font-semibold underline">
        {t('linkNext')}
      </Link>
    </div>
  );
}
