'use client';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Typed } from '@/components/forms/enhance-later';
import { apiFetch, ApiError } from '@/lib/client/api';
import type { PriceEstimate } from '@/lib/schemas/simulator';
import { priceEstimateKeys, priceEstimateToQuery, type PriceEstimateKey } from '@/lib/simulator-query';
import { resultId, SimulatorView, type SimulatorProps } from './simulator-view';

/**
 * The simulator's live part, fetched after the page (./simulator-loader.tsx): asks
 * GET /price-estimate as the visitor types, shows the answer, and keeps the address bar on the
 * result's shareable URL.
 */
export function PriceSimulator({
  prefix,
  typed,
  ...props
}: SimulatorProps & {
  /** The page's language prefix (the API answers in it). */
  prefix: string;
} & Typed) {
  const { action, texts } = props;
  const [values, setValues] = useState(() => {
    const values = { ...props.values };
    for (const key of priceEstimateKeys) if (typed[key] !== undefined) values[key] = typed[key];
    return values;
  });
  const [errors, setErrors] = useState(props.errors);
  const [result, setResult] = useState(props.result);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** While typing, only a complete form is sent; a press of the button sends it anyway, for its errors. */
  const estimate = async (next: Record<PriceEstimateKey, string>, submitted = false) => {
    const query = priceEstimateToQuery(next);
    const ready = next.weight.trim() && ((next.from.trim() && next.to.trim()) || next.distance.trim());
    if (!ready && !submitted) return;
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

  // What the visitor typed in the server's form before this part came has its estimate now.
  const typedFirst = useRef(priceEstimateKeys.some((key) => values[key] !== props.values[key]));
  useEffect(() => {
    if (!typedFirst.current) return;
    typedFirst.current = false;
    void estimate(values);
  });

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
    void estimate(values, true).then(() => document.getElementById(resultId)?.scrollIntoView({ block: 'nearest' }));
  };

  return (
    <SimulatorView
      {...props}
      values={values}
      errors={errors}
      result={result}
      live={{ pending, failure, onChange, onSubmit: submit }}
    />
  );
}
