'use client';
import { useMessages, useTranslations } from 'next-intl';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { isKeyOf } from '@/lib/i18n/keys';

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
};

type Props = FieldProps & {
  /** Draws the input from its props (a date field's); a plain `<input>` by default. */
  control?: (input: InputHTMLAttributes<HTMLInputElement>) => ReactNode;
};

/** A field error's text: a `Validation` message key translated, any other text (the API's) as it is. */
export function useFieldMessage() {
  const t = useTranslations('Validation');
  const texts = useMessages().Validation;
  return (error?: FieldError | { message?: string }) => {
    const text = error?.message;
    if (!text) return undefined;
    return isKeyOf(texts, text) ? t(text) : text;
  };
}

/** A labelled input whose validation message (a `Validation` key) is translated and tied to it. */
export function Field({ label, error, hint, name, id = name, className = '', control, ...input }: Props) {
  const errorId = `${id}-error`;
  const message = useFieldMessage()(error);
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {(control ?? ((props) => <input {...props} />))({
        id,
        name,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? errorId : undefined,
        className:
          'focus:border-secondary min-h-12 rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700',
        ...input,
      })}
      {hint}
      {message ? (
        <p id={errorId} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** An e-mail address: the browser's address keyboard and autofill, written left to right in every language. */
export function EmailField(props: FieldProps) {
  return <Field type="email" autoComplete="email" dir="ltr" {...props} />;
}

/** A password: the browser fills in the saved one, or offers a new one with `autoComplete="new-password"`. */
export function PasswordField(props: FieldProps) {
  return <Field type="password" autoComplete="current-password" {...props} />;
}

export { FormAlert, SubmitButton } from './form-parts';
