import type { ChangeEvent, FormEvent } from 'react';
import { FormAlert } from '@/components/forms/form-parts';
import type { PriceEstimate } from '@/lib/schemas/simulator';
import type { PriceEstimateKey } from '@/lib/simulator-query';

export type SimulatorTexts = {
  formTitle: string;
  weightLabel: string;
  fromLabel: string;
  toLabel: string;
  cityPlaceholder: string;
  orDistance: string;
  distanceLabel: string;
  currencyLabel: string;
  submit: string;
  resultTitle: string;
  emptyResult: string;
  updating: string;
  guidanceTitle: string;
  seeTrips: string;
  network: string;
};

export type SimulatorProps = {
  /** The result page: where the form goes without JavaScript, and the URL a result is shared at. */
  action: string;
  /** The trip list, for the link to the trips of the route. */
  tripsPath: string;
  values: Record<PriceEstimateKey, string>;
  /** Translated messages, by field. */
  errors: Record<string, string>;
  result: PriceEstimate | null;
  currencies: { code: string; label: string }[];
  /** The id of the datalist of cities the page holds. */
  citiesList: string;
  texts: SimulatorTexts;
};

/** The estimate's section: a form sent without JavaScript lands on it. */
export const resultId = 'estimation';

const fieldClass = 'field-input aria-[invalid]:border-red-700';

/**
 * The simulator's form and estimate. Without `live`, the server's copy: a GET form to the result
 * page, which works without JavaScript (./simulator-page.tsx); with it, the fields are the live
 * part's state (./price-simulator.tsx).
 */
export function SimulatorView({
  action,
  tripsPath,
  values,
  errors,
  result,
  currencies,
  citiesList,
  texts,
  live,
}: SimulatorProps & {
  live?: {
    pending: boolean;
    failure: string | null;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
    onSubmit: (event: FormEvent) => void;
  };
}) {
  const pending = live?.pending ?? false;
  const failure = live?.failure ?? null;
  const onChange = live?.onChange;

  const field = (key: PriceEstimateKey) => ({
    id: `simulator-${key}`,
    name: key,
    ...(live ? { value: values[key], onChange } : { defaultValue: values[key] }),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `simulator-${key}-error` : undefined,
  });
  const error = (key: PriceEstimateKey) =>
    errors[key] ? (
      <span id={`simulator-${key}-error`} className="text-xs font-normal text-red-700">
        {errors[key]}
      </span>
    ) : null;

  const trips =
    result?.from && result.to
      ? `${tripsPath}?${new URLSearchParams({ from: result.from.name, to: result.to.name })}`
      : null;

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form
        action={`${action}#${resultId}`}
        method="get"
        onSubmit={live?.onSubmit}
        className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5"
        aria-labelledby="simulator-form-title"
      >
        <h2 id="simulator-form-title" className="text-secondary text-lg font-bold">
          {texts.formTitle}
        </h2>
        <label className="field" htmlFor="simulator-weight">
          {texts.weightLabel}
          <input type="number" min="0" step="any" inputMode="decimal" className={fieldClass} {...field('weight')} />
          {error('weight')}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ['from', texts.fromLabel],
              ['to', texts.toLabel],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="field" htmlFor={`simulator-${key}`}>
              {label}
              <input
                list={citiesList}
                autoComplete="off"
                placeholder={texts.cityPlaceholder}
                className={fieldClass}
                {...field(key)}
              />
              {error(key)}
            </label>
          ))}
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-muted mb-1 text-sm">{texts.orDistance}</legend>
          <label className="field" htmlFor="simulator-distance">
            {texts.distanceLabel}
            <input type="number" min="0" step="any" inputMode="decimal" className={fieldClass} {...field('distance')} />
            {error('distance')}
          </label>
        </fieldset>
        <label className="field" htmlFor="simulator-currency">
          {texts.currencyLabel}
          <select className={fieldClass} {...field('currency')}>
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
          {error('currency')}
        </label>
        <button
          type="submit"
          className="bg-secondary hover:bg-secondary-dark min-h-12 rounded-full px-6 font-semibold text-white"
        >
          {texts.submit}
        </button>
      </form>

      <section
        id={resultId}
        aria-labelledby="simulator-result-title"
        aria-live="polite"
        aria-busy={pending || undefined}
        className="bg-secondary-light flex flex-col gap-3 self-start rounded-2xl p-5"
      >
        <h2 id="simulator-result-title" className="text-secondary text-lg font-bold">
          {texts.resultTitle}
        </h2>
        <FormAlert message={failure} />
        {result ? (
          <>
            <p className="text-ink text-3xl font-extrabold" data-testid="estimate-total">
              {result.text.total}
            </p>
            <p className="font-semibold">{result.text.perKg}</p>
            <p className="leading-relaxed">{result.text.explanation}</p>
            {result.text.guidance ? (
              <div className="rounded-xl bg-white p-4">
                <h3 className="text-secondary font-bold">{texts.guidanceTitle}</h3>
                <p className="mt-1 text-sm leading-relaxed">{result.text.guidance}</p>
              </div>
            ) : null}
            <p className="text-muted text-sm">{result.text.rates}</p>
            {trips ? (
              <a href={trips} className="text-secondary self-start font-semibold underline">
                {texts.seeTrips}
              </a>
            ) : null}
          </>
        ) : (
          <p className="text-muted">{texts.emptyResult}</p>
        )}
        {pending ? <p className="sr-only">{texts.updating}</p> : null}
      </section>
    </div>
  );
}
