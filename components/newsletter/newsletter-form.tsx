'use client';
import { useState, type FormEvent } from 'react';
import { apiFetch, ApiError } from '@/lib/client/api';

type Props = {
  /** The page's locale (the subscriber's language) and its prefix (the API's language). */
  locale: string;
  prefix: string;
  action: string;
  texts: { label: string; placeholder: string; subscribe: string; sending: string; sent: string; network: string };
};

/**
 * The footer's subscription form: a plain form post without JavaScript (the API answers with the
 * newsletter page), and with it, the same request as JSON and the outcome said here. No validation
 * library: the browser checks the address's shape and the API says the rest.
 */
export function NewsletterForm({ locale, prefix, action, texts }: Props) {
  const [state, setState] = useState<{ tone: 'sent' | 'error'; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    setPending(true);
    try {
      await apiFetch('newsletter', { body: { email, locale }, locale: prefix, networkMessage: texts.network });
      setState({ tone: 'sent', message: texts.sent });
      form.reset();
    } catch (error) {
      setState({ tone: 'error', message: error instanceof ApiError ? error.message : texts.network });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <form action={action} method="post" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="locale" value={locale} />
        <label htmlFor="newsletter-email" className="sr-only">
          {texts.label}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={texts.placeholder}
          dir="ltr"
          aria-describedby={state ? 'newsletter-outcome' : undefined}
          className="text-ink min-h-11 flex-1 rounded-full border border-white/30 bg-white px-4 placeholder:text-neutral-500 rtl:text-right"
        />
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="bg-primary text-ink hover:bg-primary/85 min-h-11 rounded-full px-6 font-semibold disabled:opacity-70"
        >
          {pending ? texts.sending : texts.subscribe}
        </button>
      </form>
      <p id="newsletter-outcome" role="status" className="text-sm">
        {state ? (
          <span className={state.tone === 'sent' ? 'text-white' : 'text-primary-soft font-semibold'}>
            {state.message}
          </span>
        ) : null}
      </p>
    </div>
  );
}
