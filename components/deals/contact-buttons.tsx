'use client';
import { groupPhone } from '@/lib/phone';
import { useId } from 'react';
import { useTranslations } from 'next-intl';

/**
 * WhatsApp, call and SMS to the other side of a deal: links once the API gives the phone number,
 * else disabled buttons with the reason beside them.
 */
export function ContactButtons({ phone, reason }: { phone: string | null; reason: string | null }) {
  const t = useTranslations('Deal');
  const id = useId();
  const labels = [t('whatsapp'), t('call'), t('sms')];
  const cell = 'flex min-h-11 items-center justify-center rounded-lg border text-sm font-semibold';
  if (phone) {
    const digits = phone.replace(/[^\d]/g, '');
    const hrefs = [`https://wa.me/${digits}`, `tel:+${digits}`, `sms:+${digits}`];
    return (
      <div className="flex flex-col gap-2">
        <p className="text-muted text-sm">
          {t('phone')} <bdi dir="ltr">{groupPhone(phone)}</bdi>
        </p>
        <div className="grid grid-cols-3 gap-2">
          {labels.map((label, i) => (
            <a
              key={label}
              href={hrefs[i]}
              target={i === 0 ? '_blank' : undefined}
              rel={i === 0 ? 'noopener noreferrer' : undefined}
              className={`${cell} border-secondary text-secondary hover:bg-secondary-light`}
            >
              {label}
            </a>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-3 gap-2">
        {labels.map((label) => (
          <button
            key={label}
            type="button"
            disabled
            aria-describedby={reason ? id : undefined}
            className={`${cell} border-neutral-200 text-neutral-500`}
          >
            {label}
          </button>
        ))}
      </div>
      {reason ? (
        <p id={id} className="text-muted text-xs">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
