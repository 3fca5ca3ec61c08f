'use client';
import { useEffect } from 'react';
import type { SuggestTexts } from './place-suggest';

/**
 * The home search's only script in the first load: when the visitor reaches the form (a focus), it
 * fetches the suggestions of its city fields (./place-suggest.ts).
 */
export function RouteSearchEnhancer({ formId, texts }: { formId: string; texts: SuggestTexts }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return;
    const start = () => void import('./place-suggest').then((module) => module.suggestPlaces(form, texts));
    form.addEventListener('focusin', start, { once: true });
    return () => form.removeEventListener('focusin', start);
  }, [formId, texts]);
  return null;
}
