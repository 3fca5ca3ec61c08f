'use client';
import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { proposalAmount, type Currency, type ListingKind } from '@/lib/domain';
import { ApiError, errorText } from '@/lib/client/api';
import type { Locale } from '@/lib/i18n/locales';
import { formatNumber, formatPrice } from '@/lib/intl-format';
import { FormAlert } from '@/components/forms/form-parts';
import { checkParcel, emptyParcel, ParcelFields, type ParcelDraft, type ParcelPayload } from './parcel-fields';

export type PricedListing = { kind: ListingKind; currency: Currency; pricePerKg: number; weightKg: number | null };

type Props = {
  listing: PricedListing;
  initial?: number;
  submitLabel: string;
  /** `parcel`: the proposal is on a trip, the form asks what the parcel is (sent with the amount). */
  onSubmit: (amount: number, parcel?: ParcelPayload) => Promise<void>;
  onCancel?: () => void;
  /** A new proposal on a trip: the parcel's weight, size, contents and the declaration. */
  withParcel?: boolean;
};

/** "12,5" or "12.5" as a number; null when it is not one. */
export function parseAmount(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
}

/**
 * An amount for the whole parcel, in the listing's currency, shown beside the listing's price per
 * kg (and, for a parcel, what that makes for its weight); on a trip, what the parcel is. Each error
 * beside its field; the API's other refusals above.
 */
export function AmountForm({ listing, initial, submitLabel, onSubmit, onCancel, withParcel = false }: Props) {
  const t = useTranslations('Deal');
  const v = useTranslations('Validation');
  const locale = useLocale() as Locale;
  const id = useId();
  const [value, setValue] = useState(initial === undefined ? '' : String(initial));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [parcel, setParcel] = useState<ParcelDraft>(emptyParcel);
  const [parcelErrors, setParcelErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const price = formatPrice(listing.pricePerKg, listing.currency, locale);
  const estimate =
    listing.kind === 'package' && listing.weightKg !== null
      ? t('estimate', {
          total: formatPrice(listing.pricePerKg * listing.weightKg, listing.currency, locale),
          weight: formatNumber(listing.weightKg, locale),
        })
      : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        const amount = parseAmount(value);
        const amountError =
          amount === null || amount <= 0 ? 'amountRequired' : amount > proposalAmount.max ? 'amountTooHigh' : null;
        const checked = withParcel ? checkParcel(parcel) : null;
        setFieldError(amountError ? v(amountError) : null);
        setParcelErrors(
          checked && 'errors' in checked
            ? Object.fromEntries(Object.entries(checked.errors).map(([k, key]) => [k, v(key)]))
            : {},
        );
        if (amountError || amount === null || (checked && 'errors' in checked)) return;
        setPending(true);
        try {
          await onSubmit(amount, checked?.parcel);
        } catch (e) {
          // The API's field errors go beside their fields; anything else above the form.
          const fields = e instanceof ApiError ? e.fields : {};
          const mine = Object.fromEntries(
            Object.entries(fields)
              .filter(([k]) => k.startsWith('parcel'))
              .map(([k, text]) => [k.replace(/^parcel\.?/, '') || 'weightKg', text]),
          );
          if (fields.amount) setFieldError(fields.amount);
          setParcelErrors(mine);
          if (!fields.amount && !Object.keys(mine).length) setError(errorText(e));
        } finally {
          setPending(false);
        }
      }}
    >
      <FormAlert message={error} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-amount`} className="text-sm font-semibold">
          {t('amountLabel', { currency: listing.currency })}
        </label>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setFieldError(null);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
            className="focus:border-secondary min-h-12 w-full min-w-0 rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700"
          />
          <span className="text-muted shrink-0 text-sm font-semibold">{listing.currency}</span>
        </div>
        <p id={`${id}-hint`} className="text-muted text-sm">
          {t('listingPrice', { price })}
          {estimate ? ` · ${estimate}` : null}
        </p>
        {fieldError ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {fieldError}
          </p>
        ) : null}
      </div>
      {withParcel ? (
        <ParcelFields
          value={parcel}
          onChange={(next) => {
            // A field's message goes once it is changed; the others stay until the next try.
            setParcelErrors((errors) =>
              Object.fromEntries(
                Object.entries(errors).filter(([k]) => next[k as keyof ParcelDraft] === parcel[k as keyof ParcelDraft]),
              ),
            );
            setParcel(next);
          }}
          errors={parcelErrors}
        />
      ) : null}
      {/* A long label never wraps inside its pill: in a narrow panel the button takes the row, "close" goes under it. */}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={pending}
          className="bg-primary text-ink hover:bg-primary/85 min-h-11 grow basis-60 rounded-full px-5 font-semibold whitespace-nowrap disabled:opacity-60"
        >
          {submitLabel}
        </button>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="border-secondary text-secondary hover:bg-secondary-light min-h-11 grow rounded-full border px-5 font-semibold sm:grow-0"
          >
            {t('close')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
