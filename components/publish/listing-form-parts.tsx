'use client';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { DateInput } from '@/components/forms/date-input';

// The listing form's building blocks: its sections, labelled fields and their error texts.

export const input =
  'focus:border-secondary min-h-12 w-full rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-5">
      <h2 className="text-secondary mb-4 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

export function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  ref?: React.Ref<HTMLInputElement>;
};

export function TextInput({ label, error, hint, name, type, className = '', ...rest }: InputProps) {
  const datePlaceholder = useTranslations('DateField')('choose');
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={name} className="text-sm font-semibold">
        {label}
      </label>
      {type === 'date' ? (
        <DateInput
          id={name}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={input}
          placeholder={datePlaceholder}
          {...rest}
        />
      ) : (
        <input
          id={name}
          name={name}
          type={type}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={input}
          {...rest}
        />
      )}
      {hint ? (
        <p id={`${name}-hint`} className="text-muted text-sm">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${name}-error`} text={error} />
    </div>
  );
}

/** A weight or a price: a decimal number, left to right in every language. */
export function AmountInput(props: InputProps) {
  return <TextInput type="number" inputMode="decimal" step="any" min="0" dir="ltr" {...props} />;
}

type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  name: string;
  label: string;
  error?: string;
  ref?: React.Ref<HTMLSelectElement>;
};

export function SelectInput({ label, error, name, children, ...rest }: SelectProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={input}
        {...rest}
      >
        {children}
      </select>
      <ErrorText id={`${name}-error`} text={error} />
    </div>
  );
}
