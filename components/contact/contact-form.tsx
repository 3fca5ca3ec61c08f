'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { FormAlert, SubmitButton } from '@/components/forms/form-parts';
import { apiFetch, ApiError } from '@/lib/client/api';
import { toast } from '@/lib/client/toast';
import type { Locale } from '@/lib/i18n/locales';
import type { ContactInput } from '@/lib/schemas/contact';
import type {} from 'altcha/types/react';

export type ContactTexts = {
  title: string;
  intro: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  captcha: string;
  submit: string;
  sending: string;
  sent: string;
  another: string;
  noscript: string;
  network: string;
};

/** The ALTCHA widget's texts (its Strings), from our message files. */
export type CaptchaStrings = Record<
  | 'label'
  | 'verifying'
  | 'verified'
  | 'error'
  | 'expired'
  | 'verificationRequired'
  | 'waitAlert'
  | 'loading'
  | 'reload'
  | 'verify',
  string
>;

type Props = {
  locale: Locale;
  /** The page's language prefix: the API's language, and the widget's. */
  prefix: string;
  challengeUrl: string;
  texts: ContactTexts;
  /** The `Validation` messages the form may show, by key. */
  messages: Record<string, string>;
  captchaStrings: CaptchaStrings;
};

/**
 * The API's own schema, through zod's resolver, loaded at the first check: zod weighs more than the
 * rest of the page's script, and a visitor who only reads the page never needs it.
 */
const contactResolver: Resolver<ContactInput> = async (values, context, options) => {
  const [{ zodResolver }, { contactSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@/lib/schemas/contact'),
  ]);
  return zodResolver(contactSchema)(values, context, options);
};

const inputClass =
  'focus:border-secondary min-h-12 rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700';

/**
 * The contact form: react-hook-form with the API's own schema, and an ALTCHA captcha whose script
 * (about 34 kB gzipped) is loaded when the visitor comes near the form, on this page only. The server checks
 * everything again; its refusals show beside their fields.
 */
export function ContactForm({ locale, prefix, challengeUrl, texts, messages, captchaStrings }: Props) {
  const [widgetReady, setWidgetReady] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new widget (a new challenge) after a send or a refused captcha: a solution serves once.
  const [widgetKey, setWidgetKey] = useState(0);
  const widget = useRef<HTMLElement>(null);
  const form = useForm<ContactInput>({
    resolver: contactResolver,
    defaultValues: { name: '', email: '', subject: '', message: '', altcha: '', locale },
  });
  const { errors, isSubmitting } = form.formState;

  // The widget's script, once the visitor comes near it: the captcha scrolls into view or a field of
  // the form gets the focus (so it does not compete with the page's first paint and hydration).
  const slot = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    let started = false;
    let cancelled = false;
    const load = () => {
      if (started) return;
      started = true;
      void import('altcha').then(() => {
        if (cancelled) return;
        globalThis.$altcha.i18n.set(prefix === 'tn' ? 'ar-tn' : prefix, captchaStrings);
        setWidgetReady(true);
      });
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    });
    if (slot.current) observer.observe(slot.current);
    const form = formRef.current;
    form?.addEventListener('focusin', load);
    return () => {
      cancelled = true;
      observer.disconnect();
      form?.removeEventListener('focusin', load);
    };
  }, [prefix, captchaStrings, sent]);

  // A solved challenge becomes the form's `altcha` field; an expired or failed one empties it.
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      form.setValue('altcha', state === 'verified' && payload ? payload : '', {
        shouldValidate: form.formState.isSubmitted,
      });
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [widgetReady, widgetKey, sent, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch('contact', { body: values, locale: prefix, networkMessage: texts.network });
      setSent(true);
      toast(texts.sent, 'success');
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('UNKNOWN', texts.network);
      const fields = Object.entries(apiError.fields);
      for (const [name, message] of fields) form.setError(name as keyof ContactInput, { message });
      // A refused captcha cannot serve again: the visitor ticks the box anew.
      if (apiError.code.startsWith('CAPTCHA_')) {
        setWidgetKey((key) => key + 1);
        form.setValue('altcha', '');
      }
      if (!fields.length) {
        setFailure(apiError.message);
        toast(apiError.message, 'error');
      }
    }
  });

  const another = () => {
    form.reset();
    setWidgetKey((key) => key + 1);
    setSent(false);
  };

  const say = (error?: FieldError) => (error?.message ? (messages[error.message] ?? error.message) : undefined);
  const described = (name: keyof ContactInput, error?: FieldError) =>
    error ? { 'aria-invalid': true as const, 'aria-describedby': `contact-${name}-error` } : {};
  const fieldError = (name: keyof ContactInput, error?: FieldError) =>
    error ? (
      <p id={`contact-${name}-error`} className="text-sm text-red-700">
        {say(error)}
      </p>
    ) : null;
  const row = (name: keyof ContactInput, label: string, input: ReactNode, error?: FieldError) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`contact-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      {input}
      {fieldError(name, error)}
    </div>
  );

  return (
    <section aria-labelledby="contact-form-title" className="rounded-2xl border border-neutral-200 p-6">
      <h2 id="contact-form-title" className="text-secondary text-lg font-bold">
        {texts.title}
      </h2>
      <p className="text-muted mt-1 text-sm">{texts.intro}</p>
      {sent ? (
        <div className="mt-4 flex flex-col items-start gap-4">
          <FormAlert tone="success" message={texts.sent} />
          <button type="button" onClick={another} className="text-secondary font-semibold underline">
            {texts.another}
          </button>
        </div>
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate method="post" className="mt-4 flex flex-col gap-4">
          <noscript>
            <p className="rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm">{texts.noscript}</p>
          </noscript>
          <FormAlert message={failure} />
          <div className="grid gap-4 sm:grid-cols-2">
            {row(
              'name',
              texts.name,
              <input
                id="contact-name"
                autoComplete="name"
                className={inputClass}
                {...described('name', errors.name)}
                {...form.register('name')}
              />,
              errors.name,
            )}
            {row(
              'email',
              texts.email,
              <input
                id="contact-email"
                type="email"
                autoComplete="email"
                dir="ltr"
                className={`${inputClass} rtl:text-right`}
                {...described('email', errors.email)}
                {...form.register('email')}
              />,
              errors.email,
            )}
          </div>
          {row(
            'subject',
            texts.subject,
            <input
              id="contact-subject"
              className={inputClass}
              {...described('subject', errors.subject)}
              {...form.register('subject')}
            />,
            errors.subject,
          )}
          {row(
            'message',
            texts.message,
            <textarea
              id="contact-message"
              rows={6}
              className={`${inputClass} py-2`}
              {...described('message', errors.message)}
              {...form.register('message')}
            />,
            errors.message,
          )}
          <div className="flex flex-col gap-1.5">
            <p id="contact-altcha-label" className="text-sm font-semibold">
              {texts.captcha}
            </p>
            <div ref={slot} className="min-h-[74px]" aria-labelledby="contact-altcha-label" role="group">
              {widgetReady ? (
                <div key={widgetKey}>
                  <altcha-widget
                    ref={widget}
                    challenge={challengeUrl}
                    language={prefix === 'tn' ? 'ar-tn' : prefix}
                    type="checkbox"
                    auto="off"
                    configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
                  />
                </div>
              ) : null}
            </div>
            {fieldError('altcha', errors.altcha)}
          </div>
          <div>
            <SubmitButton pending={isSubmitting} disabled={!widgetReady} pendingLabel={texts.sending}>
              {texts.submit}
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
