import { getTranslations } from 'next-intl/server';
import { DateInputLater } from '@/components/forms/date-input-later';
import { ChevronDownIcon } from '@/components/ui/icons';
import { listingCountries, servedFirst, type CountryOption } from '@/lib/countries';
import { formatNumber } from '@/lib/format';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { travelTypes, type ListingKind } from '@/lib/domain';
import { listFilterKeys, listPath, type ListFilterKey } from '@/lib/routes';

export type RawFilters = Record<string, string | undefined>;

// Classes in app/globals.css: this form is on every list page.
const input = 'field-input';
const label = 'field';

/** The filters as a plain GET form: it works without JavaScript, and the URL it makes is shareable. */
export async function ListingFilters({
  kind,
  locale,
  values,
  errors,
}: {
  kind: ListingKind;
  locale: Locale;
  values: RawFilters;
  errors: Record<string, string>;
}) {
  const t = await getTranslations('Listings');
  const chooseDate = (await getTranslations('DateField'))('choose');
  // The served nine, then the other destinations; a country set in the URL outside them is offered too.
  const chosen = [values.fromCountry, values.toCountry]
    .map((v) => v?.toUpperCase())
    .filter((v) => v && /^[A-Z]{2}$/.test(v));
  const countryGroups = servedFirst([...listingCountries, ...(chosen as string[])], locale);
  const group = (label: string, list: CountryOption[]) => (
    <optgroup label={label}>
      {list.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </optgroup>
  );
  const action = localPath(locale, listPath(kind));
  // The four place filters are always shown (cursor and limit are not fields); the others fold away
  // unless one is in use.
  const primary: ListFilterKey[] = ['from', 'to', 'fromCountry', 'toCountry'];
  const notFields: ListFilterKey[] = ['cursor', 'limit'];
  const secondary = listFilterKeys.filter((key) => !primary.includes(key) && !notFields.includes(key));
  const secondaryOpen = secondary.some((key) => values[key] || errors[key]);
  const active = [...primary, ...secondary].filter((key) => values[key]).length;
  const fieldError = [...primary, ...secondary].some((key) => errors[key]);
  const error = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className="text-xs font-normal text-red-700">
        {errors[name]}
      </span>
    ) : null;
  const described = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};
  const countrySelect = (name: 'fromCountry' | 'toCountry') => (
    <label className={label}>
      {t(name)}
      <select name={name} defaultValue={values[name]?.toUpperCase() ?? ''} className={input} {...described(name)}>
        <option value="">{t('anyCountry')}</option>
        {group(t('countriesServed'), countryGroups.served)}
        {group(t('countriesOther'), countryGroups.others)}
      </select>
      {error(name)}
    </label>
  );
  // On a phone the form folds behind one summary and the results come first; from md up it is
  // always in view (app/globals.css, "filters-fold"). Open when a field has an error.
  return (
    <details className="filters-fold group/filters" open={fieldError}>
      <summary className="border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border bg-white px-5 font-semibold">
        {active ? t('filtersActive', { count: formatNumber(active, locale, 0) }) : t('filters')}
        <ChevronDownIcon className="size-4 transition-transform group-open/filters:rotate-180" />
      </summary>
      <form
        action={action}
        method="get"
        className="mt-3 rounded-2xl border border-neutral-200 bg-white p-4 md:mt-0"
        aria-label={t('filtersTitle')}
      >
        {/* On a phone the fold's button already names the form. */}
        <h2 className="text-secondary mb-3 text-lg font-bold max-md:sr-only">{t('filtersTitle')}</h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={label}>
            {t('from')}
            <input
              name="from"
              defaultValue={values.from ?? ''}
              placeholder={t('cityPlaceholder')}
              className={input}
              autoComplete="off"
              {...described('from')}
            />
            {error('from')}
          </label>
          <label className={label}>
            {t('to')}
            <input
              name="to"
              defaultValue={values.to ?? ''}
              placeholder={t('cityPlaceholder')}
              className={input}
              autoComplete="off"
              {...described('to')}
            />
            {error('to')}
          </label>
          {countrySelect('fromCountry')}
          {countrySelect('toCountry')}
        </div>
        <details className="group mt-3" open={secondaryOpen}>
          <summary className="text-secondary cursor-pointer text-sm font-semibold underline">
            {t('moreFilters')}
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <label className={label}>
              {t('after')}
              <DateInputLater
                name="after"
                defaultValue={values.after ?? ''}
                min="1900-01-01"
                max="2099-12-31"
                className={input}
                faceClassName="text-sm"
                placeholder={chooseDate}
                {...described('after')}
              />
              {error('after')}
            </label>
            <label className={label}>
              {t('before')}
              <DateInputLater
                name="before"
                defaultValue={values.before ?? ''}
                min="1900-01-01"
                max="2099-12-31"
                className={input}
                faceClassName="text-sm"
                placeholder={chooseDate}
                {...described('before')}
              />
              {error('before')}
            </label>
            {kind === 'package' ? (
              <label className={label}>
                {t('maxWeight')}
                <input
                  type="number"
                  name="maxWeight"
                  step="any"
                  inputMode="decimal"
                  defaultValue={values.maxWeight ?? ''}
                  className={input}
                  {...described('maxWeight')}
                />
                {error('maxWeight')}
              </label>
            ) : (
              <label className={label}>
                {t('type')}
                <select name="type" defaultValue={values.type ?? ''} className={input} {...described('type')}>
                  <option value="">{t('anyType')}</option>
                  {travelTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(`travelTypes.${type}`)}
                    </option>
                  ))}
                </select>
                {error('type')}
              </label>
            )}
            <label className={label}>
              {t('maxPrice')}
              <input
                type="number"
                name="maxPrice"
                step="any"
                inputMode="decimal"
                defaultValue={values.maxPrice ?? ''}
                className={input}
                {...described('maxPrice')}
              />
              {error('maxPrice')}
            </label>
            <label className={label}>
              {t('status')}
              <select name="status" defaultValue={values.status ?? ''} className={input} {...described('status')}>
                <option value="">{t('statusOpen')}</option>
                <option value="all">{t('statusAll')}</option>
                {(['upcoming', 'active', 'in_transit', 'finished', 'expired'] as const).map((s) => (
                  <option key={s} value={s}>
                    {kind === 'package' ? t(`packageStatus.${s}`) : t(`travelStatus.${s}`)}
                  </option>
                ))}
              </select>
              {error('status')}
            </label>
            <label className={label}>
              {t('sort')}
              <select name="sort" defaultValue={values.sort ?? ''} className={input} {...described('sort')}>
                <option value="">{t('sortDate')}</option>
                <option value="price">{t('sortPrice')}</option>
                <option value="recent">{t('sortRecent')}</option>
              </select>
              {error('sort')}
            </label>
            <label className="flex min-h-11 items-center gap-2 self-end text-sm font-semibold">
              <input
                type="checkbox"
                name="verified"
                value="1"
                defaultChecked={values.verified === '1'}
                className="size-5"
                {...described('verified')}
              />
              {t('verifiedOnly')}
              {error('verified')}
            </label>
          </div>
        </details>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="bg-secondary hover:bg-secondary-dark min-h-11 rounded-full px-6 font-semibold text-white"
          >
            {t('search')}
          </button>
          {active ? (
            <a href={action} className="text-secondary text-sm font-semibold underline">
              {t('reset')}
            </a>
          ) : null}
        </div>
      </form>
    </details>
  );
}
