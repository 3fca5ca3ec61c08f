'use client';
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/client/api';
import { handoverCodeLength } from '@/lib/domain';
import { formatCode } from '@/lib/intl-format';
import type { Proposal } from '@/lib/schemas/deals';

/** The parcel's sender's two codes, grouped to be read aloud ("482 913"). */
export function HandoverCodes({ proposal }: { proposal: Proposal }) {
  const t = useTranslations('Deal');
  if (!proposal.handover) return null;
  const codes = [
    { label: t('pickupCode'), code: proposal.handover.pickupCode, used: proposal.status !== 'accepted' },
    { label: t('deliveryCode'), code: proposal.handover.deliveryCode, used: false },
  ];
  return (
    <div className="bg-primary-light rounded-xl p-4">
      <p className="font-semibold">{t('codesTitle')}</p>
      <dl className="mt-2 flex flex-col gap-2">
        {codes.map(({ label, code, used }) => (
          <div key={label}>
            <dt className="text-muted text-xs">{label}</dt>
            <dd
              className={`text-ink font-mono text-2xl font-bold tracking-wider ${used ? 'line-through opacity-60' : ''}`}
            >
              <span dir="ltr">{formatCode(code)}</span>
            </dd>
            {used ? <dd className="text-muted text-xs">{t('codeUsed')}</dd> : null}
          </div>
        ))}
      </dl>
      <p className="text-muted mt-2 text-sm">{t('codesHint')}</p>
    </div>
  );
}

/** The carrier types the code the sender (pickup) or the recipient (delivery) gave them. */
export function CodeForm({
  step,
  onSubmit,
}: {
  step: 'pickup' | 'deliver';
  onSubmit: (code: string) => Promise<void>;
}) {
  const t = useTranslations('Deal');
  const v = useTranslations('Validation');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const clean = code.replace(/\s/g, '');
        if (!new RegExp(`^\\d{${handoverCodeLength}}$`).test(clean)) return setError(v('handoverCodeInvalid'));
        setError(null);
        setPending(true);
        try {
          await onSubmit(clean);
          setCode('');
        } catch (e) {
          setError(errorText(e));
        } finally {
          setPending(false);
        }
      }}
    >
      <label htmlFor={`${id}-code`} className="text-sm font-semibold">
        {step === 'pickup' ? t('enterPickup') : t('enterDelivery')}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={handoverCodeLength + 2}
          dir="ltr"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="focus:border-secondary min-h-12 w-36 rounded-lg border border-neutral-300 bg-white px-3 font-mono text-lg tracking-wider aria-[invalid]:border-red-700"
        />
        <button
          type="submit"
          disabled={pending}
          className="bg-secondary hover:bg-secondary-dark min-h-12 flex-1 rounded-full px-4 font-semibold text-white disabled:opacity-60"
        >
          {step === 'pickup' ? t('confirmPickup') : t('confirmDelivery')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
