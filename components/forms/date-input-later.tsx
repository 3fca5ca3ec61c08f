'use client';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { DateInput as Eager } from './date-input';

// For the public lists: the field's shown value comes in a chunk of its own, fetched while the page
// hydrates instead of with its first scripts; until then the native input is there, and works.
const DateInput = lazy(() => import('./date-input').then((module) => ({ default: module.DateInput })));

/** `DateInput`, loaded after the page's first scripts (docs/decisions/0033-date-fields-read-in-the-page-language.md). */
export function DateInputLater(props: ComponentProps<typeof Eager>) {
  const { kind = 'date', faceClassName, placeholder, ...input } = props;
  void faceClassName;
  void placeholder;
  return (
    <Suspense fallback={<input type={kind} {...input} />}>
      <DateInput {...props} />
    </Suspense>
  );
}
