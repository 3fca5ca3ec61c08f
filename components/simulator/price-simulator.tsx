'use client';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { apiFetch, ApiError } from '@/lib/client/api';
import type { PriceEstimate } from '@/lib/schemas/simulator';
import { priceEstimateToQuery, type PriceEstimateKey } from '@/lib/simulator-query';

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

type Props = {
  /** The page's language prefix (the API answers in it). */
  prefix: string;
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
const resultId = 'estimation';

const fieldClass = 'field-input aria-[invalid]:border-red-700';

/**
 * The simulator: a GET form that works without JavaScript (the result page renders the estimate),
 * and with it, asks GET /price-estimate as the visitor types, shows the answer, and keeps the
 * address bar on the result's shareable URL.
 */
export function PriceSimulator({
  prefix,
  action,
  tripsPath,
  values: initial,
  errors: initialErrors,
  result: initialResult,
  currencies,
  citiesList,
  texts,
}: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(initialErrors);
  const [result, setResult] = useState(initialResult);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const estimate = async (next: Record<PriceEstimateKey, string>) => {
    const query = priceEstimateToQuery(next);
    const ready = next.weight.trim() && ((next.from.trim() && next.to.trim()) || next.distance.trim());
    if (!ready) return;
    const request = ++latest.current;
    setPending(true);
    try {
      const data = await apiFetch<PriceEstimate>(`price-estimate${query}`, {
        locale: prefix,
        networkMessage: texts.network,
      });
      if (request !== latest.current) return;
      setResult(data);
      setErrors({});
      setFailure(null);
      window.history.replaceState(null, '', `${action}${query}`);
    } catch (error) {
      if (request !== latest.current) return;
      setResult(null);
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        setErrors(error.fields);
        setFailure(null);
      } else setFailure(error instanceof Error ? error.message : texts.network);
    } finally {
      if (request === latest.current) setPending(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void estimate(next), 400);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    // On a phone the estimate is under the form: a press of the button shows it.
    void estimate(values).then(() => document.getElementById(resultId)?.scrollIntoView({ block: 'nearest' }));
  };

  const field = (key: PriceEstimateKey) => ({
    id: `simulator-${key}`,
    name: key,
    value: values[key],
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
        onSubmit={submit}
        className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5"
        aria-labelledby="simulator-form-title"
      >
        <h2 id="simulator-form-title" className="text-secondary text-lg font-bold">
          {texts.formTitle}
        </h2>
        <label className="field" htmlFor="simulator-weight">
          {texts.weightLabel}
          <input
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            className={fieldClass}
            {...field('weight')}
            onChange={onChange}
          />
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
                onChange={onChange}
              />
              {error(key)}
            </label>
          ))}
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-muted mb-1 text-sm">{texts.orDistance}</legend>
          <label className="field" htmlFor="simulator-distance">
            {texts.distanceLabel}
            <input
              type="number"
              min="0"
              step="any"
              inputMode="decimal"
              className={fieldClass}
              {...field('distance')}
              onChange={onChange}
            />
            {error('distance')}
          </label>
        </fieldset>
        <label className="field" htmlFor="simulator-currency">
          {texts.currencyLabel}
          <select className={fieldClass} {...field('currency')} onChange={onChange}>
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
        {failure ? (
          <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
            {failure}
          </p>
        ) : null}
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
