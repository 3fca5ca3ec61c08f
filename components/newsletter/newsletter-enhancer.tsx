'use client';
import { useEffect } from 'react';
import type { NewsletterTexts } from './newsletter-submit';

/**
 * The footer's form is plain HTML, posted without JavaScript (the API answers with the newsletter
 * page). With JavaScript this attaches to it and, at the first submission, loads the code that sends
 * it as JSON and says the outcome in place: every page carries the footer, so it carries only this.
 */
export function NewsletterEnhancer({
  formId,
  outcomeId,
  texts,
}: {
  formId: string;
  outcomeId: string;
  texts: NewsletterTexts;
}) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      void import('./newsletter-submit').then(({ submitNewsletter }) => submitNewsletter(form, outcomeId, texts));
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [formId, outcomeId, texts]);
  return null;
}
