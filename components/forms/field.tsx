'use client';
import { useTranslations } from 'next-intl';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
};

/** A labelled input whose validation message (a `Validation` key) is translated and tied to it. */
export function Field({ label, error, hint, name, id = name, className = '', ...input }: Props) {
  const t = useTranslations('Validation');
  const errorId = `${id}-error`;
  const message = error?.message
    ? t.has(error.message as never)
      ? t(error.message as never)
      : error.message
    : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        className="focus:border-secondary min-h-12 rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700"
        {...input}
      />
      {hint}
      {message ? (
        <p id={errorId} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ message, tone = 'error' }: { message?: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border-s-4 px-4 py-3 text-sm ${tone === 'error' ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'}`}
    >
      {message}
    </p>
  );
}

export function SubmitButton({
  pending,
  children,
  pendingLabel,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className="bg-secondary hover:bg-secondary-dark inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-70"
    >
      {pending ? (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      ) : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
