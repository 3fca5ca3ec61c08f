'use client';
import { groupPhone } from '@/lib/phone';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert, SubmitButton } from '@/components/forms/field';
import { errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { writeUser } from '@/lib/client/session-mirror';
import type { MirrorUser } from '@/lib/schemas/users';
import { toast } from '@/lib/client/toast';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

const resendDelay = 60;

/** verification-telephone: the 6-character code (sent as a base-10 integer), resend with countdown, skip. */
export function CodeForm({
  prefix,
  userId,
  awaiting = null,
}: {
  prefix: Prefix;
  userId: string;
  /** The number awaiting verification, read on the server: the page opened directly can still resend. */
  awaiting?: { phone: string; resendInSeconds: number } | null;
}) {
  const t = useTranslations('Auth');
  const v = useTranslations('Validation');
  const api = useApi();
  const router = useRouter();
  const queried = useSearchParams().get('phone');
  const phone = awaiting?.phone ?? queried;
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [wait, setWait] = useState(awaiting ? awaiting.resendInSeconds : queried ? resendDelay : 0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code)) {
      setFieldError(v('codeInvalid'));
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      const user = await api<MirrorUser>(`users/${encodeURIComponent(userId)}/validate-code`, {
        confirmationPhoneCode: Number.parseInt(code, 10),
      });
      writeUser(user);
      toast(t('phoneVerified'), 'success');
      router.push(localPath(prefix, 'app-mobile'));
    } catch (e) {
      setError(errorText(e));
      setPending(false);
    }
  };

  const resend = async () => {
    if (!phone) return;
    setError(null);
    try {
      await api(`users/${encodeURIComponent(userId)}/confirm-phone`, { phone });
      toast(t('codeSent'), 'success');
      setWait(resendDelay);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p>
        {phone
          ? t.rich('verifyIntro', { phone: groupPhone(phone), bdi: (chunks) => <bdi dir="ltr">{chunks}</bdi> })
          : t('verifyIntroNoPhone')}
      </p>
      <FormAlert message={error} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="code" className="text-sm font-semibold">
          {t('code')}
        </label>
        <input
          id="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'code-error' : undefined}
          className="min-h-12 rounded-lg border border-neutral-300 px-3 text-center text-2xl tracking-[0.5em] aria-[invalid]:border-red-700"
        />
        {fieldError ? (
          <p id="code-error" className="text-sm text-red-700">
            {fieldError}
          </p>
        ) : null}
      </div>
      <SubmitButton pending={pending}>{t('verify')}</SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        {phone ? (
          <button
            type="button"
            onClick={resend}
            disabled={wait > 0}
            className="text-secondary disabled:text-muted font-semibold underline disabled:no-underline"
          >
            {wait > 0 ? t('resendIn', { seconds: wait }) : t('resend')}
          </button>
        ) : null}
        <Link href={localPath(prefix, 'modifier-telephone')} className="text-secondary font-semibold underline">
          {t('changeNumber')}
        </Link>
        <Link href={localPath(prefix, 'app-mobile')} className="text-muted underline">
          {t('skip')}
        </Link>
      </div>
    </form>
  );
}
