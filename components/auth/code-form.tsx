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
import type { MirrorUser, PendingPhone } from '@/lib/schemas/users';
import { undeliveredStatuses, type PhoneCodeChannel, type PhoneDeliveryStatus } from '@/lib/domain';
import { toast } from '@/lib/client/toast';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

const resendDelay = 60;
/** While a message is on its way, its status is asked for this often, this many times (about 3 minutes). */
const pollEveryMs = 4000;
const pollTimes = 45;

const undelivered = (status: PhoneDeliveryStatus) => (undeliveredStatuses as readonly string[]).includes(status);

/**
 * verification-telephone: the 6-character code (sent as a base-10 integer), resend with countdown, skip.
 * While the code's message is on its way, the screen asks what became of it; when the provider says it
 * could not be delivered, the screen says so in words and offers the other channel.
 */
export function CodeForm({
  prefix,
  userId,
  awaiting = null,
}: {
  prefix: Prefix;
  userId: string;
  /** The code waiting, read on the server: the page opened directly can still resend, and says how the code went. */
  awaiting?: PendingPhone | null;
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
  const [channel, setChannel] = useState<PhoneCodeChannel>(awaiting?.channel ?? 'sms');
  const [delivery, setDelivery] = useState<PhoneDeliveryStatus>(awaiting?.delivery ?? 'queued');
  const [channels, setChannels] = useState<PhoneCodeChannel[]>(awaiting?.channels ?? ['sms']);
  // Each code sent starts the watch of its message again.
  const [watch, setWatch] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  useEffect(() => {
    if (delivery === 'delivered' || undelivered(delivery)) return;
    let times = 0;
    let stopped = false;
    const timer = setInterval(async () => {
      if (document.visibilityState !== 'visible') return;
      if (++times > pollTimes) return clearInterval(timer);
      try {
        const state = await api<PendingPhone | null>(`users/${encodeURIComponent(userId)}/confirm-phone`);
        if (stopped || !state) return;
        setChannel(state.channel);
        setChannels(state.channels);
        setDelivery(state.delivery);
        // A code that could not be delivered does not make the member wait for the next one.
        if (undelivered(state.delivery)) setWait(0);
      } catch {
        // A missed look is taken again at the next tick.
      }
    }, pollEveryMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, userId, delivery, watch]);

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

  const resend = async (by?: PhoneCodeChannel) => {
    if (!phone) return;
    setError(null);
    try {
      const sent = await api<{ channel: PhoneCodeChannel }>(
        `users/${encodeURIComponent(userId)}/confirm-phone`,
        by ? { phone, channel: by } : { phone },
      );
      toast(t('codeSent'), 'success');
      setWait(resendDelay);
      setChannel(sent.channel);
      setDelivery('queued');
      setWatch((n) => n + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };

  // A number is one word: never cut across lines (in a right-to-left line its halves would swap).
  const bdi = (chunks: React.ReactNode) => (
    <bdi dir="ltr" className="whitespace-nowrap">
      {chunks}
    </bdi>
  );
  const failed = phone && undelivered(delivery);
  // The other channel when there is one; else the same one again.
  const other = channels.find((c) => c !== channel) ?? channel;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p>
        {phone
          ? t.rich(channel === 'whatsapp' ? 'verifyIntroWhatsapp' : 'verifyIntro', { phone: groupPhone(phone), bdi })
          : t('verifyIntroNoPhone')}
      </p>
      {failed ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p>
            {t.rich(channel === 'whatsapp' ? 'deliveryFailedWhatsapp' : 'deliveryFailedSms', {
              phone: groupPhone(phone),
              bdi,
            })}
          </p>
          <button
            type="button"
            onClick={() => resend(other)}
            disabled={wait > 0}
            className="text-secondary disabled:text-muted self-start font-semibold underline disabled:no-underline"
          >
            {wait > 0
              ? t('resendIn', { seconds: wait })
              : other === 'whatsapp'
                ? t('resendByWhatsapp')
                : other !== channel
                  ? t('resendBySms')
                  : t('resend')}
          </button>
        </div>
      ) : null}
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
        {phone && !failed ? (
          <button
            type="button"
            onClick={() => resend(channel)}
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
