'use client';
import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { parcelSizeDimensionsCm, parcelSizes, proposalRules, type ParcelSize } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { formatNumber } from '@/lib/intl-format';
import type { Messages } from '@/lib/i18n/catalogues';
import type { ParcelInput, Proposal } from '@/lib/schemas/deals';

// The parcel a proposal on a trip is for (the API's `parcel`, lib/schemas/deals.ts): its weight, size
// category, contents in words and the declaration that it holds nothing prohibited.

export type ParcelDraft = { weightKg: string; size: ParcelSize | ''; contents: string; noProhibitedItems: boolean };
export type ParcelPayload = ParcelInput;
export const emptyParcel: ParcelDraft = { weightKg: '', size: '', contents: '', noProhibitedItems: false };

/** The draft as the API takes it, or each field's `Validation` key (the API's rules, checked first here). */
type ValidationKey = keyof Messages['Validation'];

export function checkParcel(
  draft: ParcelDraft,
): { parcel: ParcelPayload } | { errors: Partial<Record<keyof ParcelDraft, ValidationKey>> } {
  const errors: Partial<Record<keyof ParcelDraft, ValidationKey>> = {};
  const weight = Number(draft.weightKg.trim().replace(',', '.'));
  if (!draft.weightKg.trim() || !Number.isFinite(weight) || weight <= 0 || weight > proposalRules.parcelWeightMaxKg)
    errors.weightKg = 'weightPositive';
  if (!draft.size) errors.size = 'parcelSizeRequired';
  const contents = draft.contents.trim();
  if (contents.length < proposalRules.contentsMin) errors.contents = 'parcelContentsRequired';
  else if (contents.length > proposalRules.contentsMax) errors.contents = 'tooLong';
  if (!draft.noProhibitedItems) errors.noProhibitedItems = 'prohibitedDeclarationRequired';
  if (Object.keys(errors).length || !draft.size) return { errors };
  return { parcel: { weightKg: weight, size: draft.size, contents, noProhibitedItems: true } };
}

/** "jusqu’à 35 × 25 × 15 cm" in the page's language. */
export function useSizeDimensions() {
  const t = useTranslations('ParcelSizes');
  const locale = useLocale() as Locale;
  return (size: ParcelSize) => {
    const [length, width, height] = parcelSizeDimensionsCm[size].map((cm) => formatNumber(cm, locale, 0));
    return t('dimensions', { length: length!, width: width!, height: height! });
  };
}

const input =
  'focus:border-secondary min-h-12 w-full min-w-0 rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700';

export function ParcelFields({
  value,
  onChange,
  errors,
}: {
  value: ParcelDraft;
  onChange: (next: ParcelDraft) => void;
  errors: Record<string, string>;
}) {
  const t = useTranslations('Deal');
  const sizes = useTranslations('ParcelSizes');
  const dimensions = useSizeDimensions();
  const locale = useLocale() as Locale;
  const id = useId();
  const set = (patch: Partial<ParcelDraft>) => onChange({ ...value, ...patch });
  const described = (field: string, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-4">
      <legend className="text-secondary px-1 font-bold">{t('parcelTitle')}</legend>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-weight`} className="text-sm font-semibold">
          {t('parcelWeight')}
        </label>
        <input
          id={`${id}-weight`}
          name="parcel.weightKg"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={value.weightKg}
          onChange={(e) => set({ weightKg: e.target.value })}
          aria-invalid={errors.weightKg ? true : undefined}
          aria-describedby={described('weightKg')}
          className={`${input} max-w-40`}
        />
        {error('weightKg')}
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-semibold">{t('parcelSize')}</legend>
        {/* Two columns only where the form itself is wide (it sits in a narrow panel on large screens). */}
        <div className="@container">
          <div className="grid gap-2 @sm:grid-cols-2">
            {parcelSizes.map((size) => (
              <label
                key={size}
                className="has-[:checked]:border-secondary has-[:checked]:bg-secondary-light flex min-h-12 cursor-pointer items-start gap-2 rounded-lg border border-neutral-300 p-3"
              >
                <input
                  type="radio"
                  name={`${id}-size`}
                  value={size}
                  checked={value.size === size}
                  onChange={() => set({ size })}
                  aria-describedby={described('size')}
                  className="accent-secondary mt-1 size-4 shrink-0"
                />
                <span className="flex flex-col">
                  <span className="font-semibold">{sizes(size)}</span>
                  <span className="text-muted text-sm">{dimensions(size)}</span>
                </span>
              </label>
            ))}
          </div>
        </div>
        {error('size')}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-contents`} className="text-sm font-semibold">
          {t('parcelContents')}
        </label>
        <input
          id={`${id}-contents`}
          name="parcel.contents"
          dir="auto"
          maxLength={proposalRules.contentsMax}
          value={value.contents}
          onChange={(e) => set({ contents: e.target.value })}
          aria-invalid={errors.contents ? true : undefined}
          aria-describedby={described('contents', `${id}-contents-hint`)}
          className={input}
        />
        <p id={`${id}-contents-hint`} className="text-muted text-sm">
          {t('parcelContentsHint')}
        </p>
        {error('contents')}
      </div>
      <div className="flex flex-col gap-1.5">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="parcel.noProhibitedItems"
            checked={value.noProhibitedItems}
            onChange={(e) => set({ noProhibitedItems: e.target.checked })}
            aria-invalid={errors.noProhibitedItems ? true : undefined}
            aria-describedby={described('noProhibitedItems')}
            className="accent-secondary mt-0.5 size-5 shrink-0"
          />
          <span>{t('prohibitedDeclaration')}</span>
        </label>
        <a
          href={localPath(locale, 'conditions-generales-utilisation')}
          target="_blank"
          rel="noopener"
          className="text-secondary ms-7 text-sm underline"
        >
          {t('prohibitedLink')}
        </a>
        {error('noProhibitedItems')}
      </div>
    </fieldset>
  );
}

/** The parcel of a proposal on a trip, as both sides read it (the traveller before accepting). */
export function ParcelSummary({ parcel }: { parcel: NonNullable<Proposal['parcel']> }) {
  const t = useTranslations('Deal');
  const sizes = useTranslations('ParcelSizes');
  const dimensions = useSizeDimensions();
  const locale = useLocale() as Locale;
  return (
    <div className="rounded-lg bg-neutral-50 p-3 text-sm">
      <p className="font-semibold">{t('parcelTitle')}</p>
      <p>
        {t('parcelLine', { weight: formatNumber(parcel.weightKg, locale), size: sizes(parcel.size) })}{' '}
        <span className="text-muted">({dimensions(parcel.size)})</span>
      </p>
      <p className="break-words">
        <q dir="auto">{parcel.contents}</q>
      </p>
      {parcel.noProhibitedItems ? <p className="text-muted">{t('parcelDeclared')}</p> : null}
    </div>
  );
}
