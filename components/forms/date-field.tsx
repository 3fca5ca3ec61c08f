'use client';
import { DateInput } from './date-input';
import { Field, type FieldProps } from './field';

/** A labelled date or time field (`Field`'s label and translated error beside it), for react-hook-form's `register`. */
export function DateField({ kind = 'date', ...props }: FieldProps & { kind?: 'date' | 'time' }) {
  return <Field {...props} control={(input) => <DateInput kind={kind} {...input} />} />;
}
