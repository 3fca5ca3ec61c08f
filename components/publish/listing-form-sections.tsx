'use client';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useMessages, useTranslations } from 'next-intl';
import type { ListingKind } from '@/lib/domain';
import { isKeyOf } from '@/lib/i18n/keys';
import type { Locale } from '@/lib/i18n/locales';
import type { ListingFormValues } from '@/lib/schemas/publish';
import type { ListingFormFields } from './listing-form';
import { AmountInput, ErrorText, input, Section, SelectInput, TextInput } from './listing-form-parts';
import { useFieldMessage } from '@/components/forms/field';
import { PlaceCombobox } from './place-combobox';
import { RoutePriceHint } from './route-price-hint';

// The listing form's sections that both kinds share: route, dates, price, and the words about it.

export type ListingFormApi = UseFormReturn<ListingFormFields, unknown, ListingFormValues>;

/** What every section gets: the form, and its errors as the form component read them. */
export type SectionProps = { form: ListingFormApi; errors: FieldErrors<ListingFormFields> };

export function RouteSection({
  form,
  errors,
  locale,
  countryName,
}: SectionProps & { locale: Locale; countryName: (code: string) => string }) {
  const t = useTranslations('Publish');
  const e = useTranslations('Errors');
  const message = useFieldMessage();
  return (
    <Section title={t('route')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['from', 'to'] as const).map((side) => (
          <Controller
            key={side}
            control={form.control}
            name={side}
            render={({ field }) => (
              <PlaceCombobox
                name={side}
                label={t(side)}
                placeholder={t('cityPlaceholder')}
                hint={t('cityHint')}
                noneText={t('noPlace')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={message(errors[side])}
                locale={locale}
                networkMessage={e('NETWORK')}
                countryName={countryName}
              />
            )}
          />
        ))}
      </div>
      <RoutePriceHint from={form.watch('from')} to={form.watch('to')} locale={locale} networkMessage={e('NETWORK')} />
    </Section>
  );
}

export function DatesSection({ form, errors, kind, today }: SectionProps & { kind: ListingKind; today: string }) {
  const t = useTranslations('Publish');
  const message = useFieldMessage();
  return (
    <Section title={t('dates')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={t(`${kind}.startDay`)}
          type="date"
          min={today}
          max="2099-12-31"
          error={message(errors.startDay)}
          {...form.register('startDay', { deps: 'endDay' })}
        />
        <TextInput
          label={t(`${kind}.endDay`)}
          type="date"
          min={today}
          max="2099-12-31"
          error={message(errors.endDay)}
          {...form.register('endDay')}
        />
      </div>
    </Section>
  );
}

export function PriceSection({ form, errors, currencies }: SectionProps & { currencies: string[] }) {
  const t = useTranslations('Publish');
  const c = useTranslations('Currencies');
  const { Currencies: currencyMessages } = useMessages();
  const message = useFieldMessage();
  const currencyName = (code: string) => (isKeyOf(currencyMessages, code) ? c(code) : code);
  return (
    <Section title={t('price')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountInput label={t('pricePerKg')} error={message(errors.pricePerKg)} {...form.register('pricePerKg')} />
        <SelectInput label={t('currency')} error={message(errors.currency)} {...form.register('currency')}>
          <option value="">{t('choose')}</option>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {currencyName(code)}
            </option>
          ))}
        </SelectInput>
      </div>
    </Section>
  );
}

export function AboutSection({ form, errors, isPackage }: SectionProps & { isPackage: boolean }) {
  const t = useTranslations('Publish');
  const message = useFieldMessage();
  return (
    <Section title={t('about')}>
      <div className="flex flex-col gap-4">
        {isPackage ? (
          <TextInput
            label={t('name')}
            placeholder={t('namePlaceholder')}
            maxLength={120}
            error={message(errors.name)}
            {...form.register('name')}
          />
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="description" className="text-sm font-semibold">
            {t('description')}
          </label>
          <textarea
            id="description"
            rows={4}
            maxLength={2000}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'description-error' : undefined}
            className={`${input} py-2`}
            {...form.register('description')}
          />
          <ErrorText id="description-error" text={message(errors.description)} />
        </div>
      </div>
    </Section>
  );
}
