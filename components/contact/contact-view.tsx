import type { ReactNode, RefObject } from 'react';
import { FormAlert, SubmitButton } from '@/components/forms/form-parts';
import type { ContactInput } from '@/lib/schemas/contact';

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

type FieldName = keyof ContactInput;

/** What the live part (./contact-form.tsx) gives the form; the server's copy has none of it. */
export type ContactLive = {
  /** A field's props: react-hook-form's registration. */
  field: (name: FieldName) => object;
  /** Translated messages, by field. */
  errors: Partial<Record<FieldName, string>>;
  failure: string | null;
  sent: boolean;
  onAnother: () => void;
  onSubmit: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  /** The captcha's place: the widget loads when it comes into view. */
  slotRef: RefObject<HTMLDivElement | null>;
  captcha: ReactNode;
  pending: boolean;
  ready: boolean;
};

const inputClass =
  'focus:border-secondary min-h-12 rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700';

/**
 * The contact form. Without `live`, the server's copy: its fields can be filled, and it cannot be
 * sent (the captcha and the checks come with the live part, ./contact-loader.tsx).
 */
export function ContactView({ texts, live }: { texts: ContactTexts; live?: ContactLive }) {
  const errors = live?.errors ?? {};
  const field = (name: FieldName) => ({
    id: `contact-${name}`,
    ...(live ? live.field(name) : { name }),
    ...(errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `contact-${name}-error` } : {}),
  });
  const fieldError = (name: FieldName) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const row = (name: FieldName, label: string, input: ReactNode) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`contact-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      {input}
      {fieldError(name)}
    </div>
  );

  return (
    <section aria-labelledby="contact-form-title" className="rounded-2xl border border-neutral-200 p-6">
      <h2 id="contact-form-title" className="text-secondary text-lg font-bold">
        {texts.title}
      </h2>
      <p className="text-muted mt-1 text-sm">{texts.intro}</p>
      {live?.sent ? (
        <div className="mt-4 flex flex-col items-start gap-4">
          <FormAlert tone="success" message={texts.sent} />
          <button type="button" onClick={live.onAnother} className="text-secondary font-semibold underline">
            {texts.another}
          </button>
        </div>
      ) : (
        <form
          ref={live?.formRef}
          onSubmit={live?.onSubmit}
          noValidate
          method="post"
          className="mt-4 flex flex-col gap-4"
        >
          <noscript>
            <p className="rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm">{texts.noscript}</p>
          </noscript>
          <FormAlert message={live?.failure} />
          <div className="grid gap-4 sm:grid-cols-2">
            {row('name', texts.name, <input autoComplete="name" className={inputClass} {...field('name')} />)}
            {row(
              'email',
              texts.email,
              <input
                type="email"
                autoComplete="email"
                dir="ltr"
                className={`${inputClass} rtl:text-right`}
                {...field('email')}
              />,
            )}
          </div>
          {row('subject', texts.subject, <input className={inputClass} {...field('subject')} />)}
          {row('message', texts.message, <textarea rows={6} className={`${inputClass} py-2`} {...field('message')} />)}
          <div className="flex flex-col gap-1.5">
            <p id="contact-altcha-label" className="text-sm font-semibold">
              {texts.captcha}
            </p>
            <div ref={live?.slotRef} className="min-h-[74px]" aria-labelledby="contact-altcha-label" role="group">
              {live?.captcha}
            </div>
            {fieldError('altcha')}
          </div>
          <div>
            <SubmitButton pending={live?.pending ?? false} disabled={!live?.ready} pendingLabel={texts.sending}>
              {texts.submit}
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
