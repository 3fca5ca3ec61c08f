'use client';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { Typed } from '@/components/forms/enhance-later';
import { apiFetch, ApiError } from '@/lib/client/api';
import { toast } from '@/lib/client/toast';
import type { Locale } from '@/lib/i18n/locales';
import type { ContactInput } from '@/lib/schemas/contact';
import type {} from 'altcha/types/react';
import { ContactView, type CaptchaStrings, type ContactTexts } from './contact-view';

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

/** An empty form. */
const blank = (locale: Locale): ContactInput => ({
  name: '',
  email: '',
  subject: '',
  message: '',
  altcha: '',
  locale,
});

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

/**
 * The contact form's live part, fetched after the page (./contact-loader.tsx): react-hook-form with
 * the API's own schema, and an ALTCHA captcha whose script (about 34 kB gzipped) is loaded when the
 * visitor comes near the form, on this page only. The server checks everything again; its refusals
 * show beside their fields.
 */
export function ContactForm({ locale, prefix, challengeUrl, texts, messages, captchaStrings, typed }: Props & Typed) {
  const [widgetReady, setWidgetReady] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new widget (a new challenge) after a send or a refused captcha: a solution serves once.
  const [widgetKey, setWidgetKey] = useState(0);
  const widget = useRef<HTMLElement>(null);
  const form = useForm<ContactInput>({
    resolver: contactResolver,
    defaultValues: {
      ...blank(locale),
      name: typed.name ?? '',
      email: typed.email ?? '',
      subject: typed.subject ?? '',
      message: typed.message ?? '',
    },
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
    form.reset(blank(locale));
    setWidgetKey((key) => key + 1);
    setSent(false);
  };

  const fields = ['name', 'email', 'subject', 'message', 'altcha'] as const;
  const say = (message?: string) => (message ? (messages[message] ?? message) : undefined);

  return (
    <ContactView
      texts={texts}
      live={{
        field: (name) => form.register(name),
        errors: Object.fromEntries(fields.map((name) => [name, say(errors[name]?.message)])),
        failure,
        sent,
        onAnother: another,
        onSubmit,
        formRef,
        slotRef: slot,
        captcha: widgetReady ? (
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
        ) : null,
        pending: isSubmitting,
        ready: widgetReady,
      }}
    />
  );
}
