'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert, SubmitButton } from '@/components/forms/field';
import { ApiError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { bestMatch, defaultPhoneCountry, groupPhone, matchCountries, type PhoneCountry } from '@/lib/phone';
import { confirmPhoneSchema } from '@/lib/schemas/auth';
import type { PhoneCodeChannel } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

/** The number sent to the API: the country code followed by the typed digits (a leading 0 dropped). */
export function fullPhone(dial: string, typed: string): string {
  const digits = typed.replace(/[^\d]/g, '').replace(/^0+/, '');
  return digits ? `${dial}${digits}` : '';
}

/** The refusals said beside the number rather than above the form. */
const fieldCodes = ['INVALID_PHONE', 'PHONE_NOT_MOBILE', 'PHONE_COUNTRY_NOT_SERVED', 'VALIDATION_FAILED'];

/**
 * modifier-telephone: country (the served nine first, then the other countries listings go to, with a
 * search box that narrows the list), number, and where WhatsApp is offered, the channel (WhatsApp
 * first: members of the Maghreb read it more than SMS); the button spins and is disabled while sending.
 */
export function PhoneForm({
  prefix,
  userId,
  countries,
  channels = ['sms'],
  failed,
}: {
  prefix: Prefix;
  userId: string;
  countries: { served: PhoneCountry[]; others: PhoneCountry[] };
  channels?: PhoneCodeChannel[];
  /** The last code, which its provider could not deliver. */
  failed?: { phone: string; channel: PhoneCodeChannel };
}) {
  const t = useTranslations('Auth');
  const v = useTranslations('Validation');
  const api = useApi();
  const router = useRouter();
  const [country, setCountry] = useState<string>(defaultPhoneCountry);
  const [query, setQuery] = useState('');
  const [number, setNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [channel, setChannel] = useState<PhoneCodeChannel>(
    (failed && channels.find((c) => c !== failed.channel)) ?? channels[0] ?? 'sms',
  );

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const all = [...countries.served, ...countries.others];
    const dial = all.find((c) => c.country === country)?.dial ?? '';
    const phone = fullPhone(dial, number);
    const parsed = confirmPhoneSchema.safeParse({ phone });
    if (!parsed.success) {
      setFieldError(v(number.trim() ? 'phoneInvalid' : 'phoneRequired'));
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      const result = await api<{ phone: string }>(
        `users/${encodeURIComponent(userId)}/confirm-phone`,
        channels.length > 1 ? { phone, channel } : { phone },
      );
      router.push(`${localPath(prefix, 'verification-telephone')}?phone=${encodeURIComponent(result.phone)}`);
    } catch (e) {
      if (e instanceof ApiError && fieldCodes.includes(e.code)) setFieldError(e.fields.phone ?? e.message);
      else setError(e instanceof ApiError && e.message ? e.message : t('phoneFailed'));
      setPending(false);
    }
  };

  // The chosen country stays in the list whatever the search, so that the select never loses it.
  const shown = (list: PhoneCountry[]) => {
    const matches = matchCountries(list, query);
    return matches.some((c) => c.country === country)
      ? matches
      : [...list.filter((c) => c.country === country), ...matches];
  };
  const served = shown(countries.served);
  const others = shown(countries.others);
  const group = (label: string, list: PhoneCountry[]) =>
    list.length ? (
      <optgroup label={label}>
        {list.map((c) => (
          <option key={c.country} value={c.country}>
            {/* A left-to-right mark first: the closed select otherwise reads "تركيا 90+" on Arabic pages. */}
            {`\u200E${c.dial} ${c.name}`}
          </option>
        ))}
      </optgroup>
    ) : null;
  const onSearch = (value: string) => {
    setQuery(value);
    const matches = matchCountries([...countries.served, ...countries.others], value);
    const best = bestMatch(matches, value);
    if (value.trim() && best && !matches.some((c) => c.country === country)) setCountry(best.country);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failed ? (
        <p role="alert" className="rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {t.rich(failed.channel === 'whatsapp' ? 'deliveryFailedWhatsapp' : 'deliveryFailedSms', {
            phone: groupPhone(failed.phone),
            bdi: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
          })}
        </p>
      ) : null}
      <FormAlert message={error} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="country-search" className="text-sm font-semibold">
          {t('countrySearch')}
        </label>
        <input
          id="country-search"
          type="search"
          autoComplete="off"
          enterKeyHint="done"
          value={query}
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          className="min-h-12 rounded-lg border border-neutral-300 px-3 text-base"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <span id="phone-label" className="text-sm font-semibold">
          {t('phone')}
        </span>
        <div className="flex gap-2" dir="ltr">
          <label htmlFor="dial" className="sr-only">
            {t('countryCode')}
          </label>
          <select
            id="dial"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            className="min-h-12 w-36 shrink-0 rounded-lg border border-neutral-300 bg-white px-2 sm:w-44"
          >
            {group(t('countriesServed'), served)}
            {group(t('countriesOther'), others)}
          </select>
          <input
            id="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            aria-labelledby="phone-label"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'phone-error' : undefined}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            className="min-h-12 min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 text-base aria-[invalid]:border-red-700"
          />
        </div>
        {fieldError ? (
          <p id="phone-error" className="text-sm text-red-700">
            {fieldError}
          </p>
        ) : null}
      </div>
      {channels.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-semibold">{t('channelLegend')}</legend>
          <div className="flex flex-wrap gap-3">
            {channels.map((option) => (
              <label
                key={option}
                className="has-[:checked]:border-secondary has-[:checked]:bg-secondary/5 flex min-h-12 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-neutral-300 px-3"
              >
                <input
                  type="radio"
                  name="channel"
                  value={option}
                  checked={channel === option}
                  onChange={() => setChannel(option)}
                  className="accent-secondary size-4"
                />
                <span>{option === 'whatsapp' ? t('channelWhatsapp') : t('channelSms')}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <SubmitButton pending={pending} pendingLabel={t('sending')}>
        {t('phoneSubmit')}
      </SubmitButton>
    </form>
  );
}
