'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { parcelSizes, travelTypes } from '@/lib/domain';
import { AmountInput, ErrorText, Section, SelectInput, TextInput } from './listing-form-parts';
import { useFieldMessage } from '@/components/forms/field';
import type { SectionProps } from './listing-form-sections';

// The listing form's section of one kind: a parcel's weight, size, contents and declaration, or a
// trip's means of travel and room.

export function DetailsSection({
  form,
  errors,
  isPackage,
  prohibitedHref,
  sizeText,
}: SectionProps & {
  isPackage: boolean;
  prohibitedHref: string;
  sizeText: (size: (typeof parcelSizes)[number]) => string;
}) {
  const t = useTranslations('Publish');
  const l = useTranslations('Listings');
  const sizes = useTranslations('ParcelSizes');
  const message = useFieldMessage();
  return (
    <Section title={isPackage ? t('parcel') : t('trip')}>
      {isPackage ? (
        <div className="flex flex-col gap-5">
          <AmountInput
            label={t('weightKg')}
            className="sm:max-w-48"
            error={message(errors.weightKg)}
            {...form.register('weightKg')}
          />
          <fieldset aria-describedby={errors.size ? 'size-error' : undefined} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold">{t('size')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {parcelSizes.map((size) => (
                <label
                  key={size}
                  className="has-checked:border-secondary has-checked:bg-secondary-light flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 bg-white p-3"
                >
                  <input
                    type="radio"
                    value={size}
                    className="accent-secondary mt-1 size-4"
                    {...form.register('size')}
                  />
                  <span>
                    <span className="block font-semibold">{sizes(size)}</span>
                    <span className="text-muted block text-sm">
                      {l(`parcelSizeHints.${size}`)} · {sizeText(size)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorText id="size-error" text={message(errors.size)} />
          </fieldset>
          <TextInput
            label={t('contents')}
            hint={t('contentsHint')}
            maxLength={300}
            error={message(errors.contents)}
            {...form.register('contents')}
          />
          <div className="flex flex-col gap-1.5">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="accent-secondary mt-0.5 size-5 shrink-0"
                aria-invalid={errors.noProhibitedItems ? true : undefined}
                aria-describedby={errors.noProhibitedItems ? 'noProhibitedItems-error' : undefined}
                {...form.register('noProhibitedItems')}
              />
              <span>{t('declaration')}</span>
            </label>
            <Link href={prohibitedHref} target="_blank" className="text-secondary ms-8 text-sm font-semibold underline">
              {t('prohibitedLink')}
            </Link>
            <ErrorText id="noProhibitedItems-error" text={message(errors.noProhibitedItems)} />
          </div>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput label={t('travelType')} error={message(errors.travelType)} {...form.register('travelType')}>
            <option value="">{t('choose')}</option>
            {travelTypes.map((type) => (
              <option key={type} value={type}>
                {l(`travelTypes.${type}`)}
              </option>
            ))}
          </SelectInput>
          <AmountInput label={t('availableKg')} error={message(errors.availableKg)} {...form.register('availableKg')} />
        </div>
      )}
    </Section>
  );
}
