'use client';
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/client/api';
import { imageLimits, messageLimits } from '@/lib/domain';

/** The photo formats of the specification, as browsers name them (an unnamed type is left to the API). */
const photoTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif', 'image/gif'];
const quickReplies = ['available', 'when', 'where', 'weight', 'thanks'] as const;

type Props = {
  /** The text to start from: the greeting of a new conversation. */
  initial?: string;
  onSend: (body: string) => Promise<void>;
  /** Without it, no photo (a conversation that does not exist yet). */
  onPhoto?: (file: File) => Promise<void>;
};

/** A message: quick replies to start from, the text, a photo (JPEG, PNG, WebP, AVIF, HEIC, GIF; 5 MB). */
export function Composer({ initial = '', onSend, onPhoto }: Props) {
  const t = useTranslations('Messaging');
  const v = useTranslations('Validation');
  const e = useTranslations('Errors');
  const id = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };

  const send = () => {
    const clean = body.trim();
    if (!clean) return setError(v('messageRequired'));
    if (clean.length > messageLimits.bodyMax) return setError(v('tooLong'));
    void run(async () => {
      await onSend(clean);
      setBody('');
    });
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-2 border-t border-neutral-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <ul aria-label={t('quickReplies')} className="flex gap-2 overflow-x-auto pb-1">
        {quickReplies.map((key) => (
          <li key={key} className="shrink-0">
            <button
              type="button"
              onClick={() => {
                setBody(t(`quick.${key}`));
                text.current?.focus();
              }}
              className="border-secondary/40 text-secondary hover:bg-secondary-light rounded-full border px-3 py-1.5 text-sm"
            >
              {t(`quick.${key}`)}
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        {onPhoto ? (
          <>
            <button
              type="button"
              disabled={pending}
              onClick={() => file.current?.click()}
              aria-label={t('attachPhoto')}
              title={t('attachPhoto')}
              className="text-secondary hover:bg-secondary-light flex size-12 shrink-0 items-center justify-center rounded-full disabled:opacity-60"
            >
              <span aria-hidden="true" className="i i-camera" />
            </button>
            <input
              ref={file}
              type="file"
              accept={photoTypes.join(',')}
              className="hidden"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (!chosen) return;
                if (chosen.type && !photoTypes.includes(chosen.type)) return setError(e('UNSUPPORTED_FORMAT'));
                if (chosen.size > imageLimits.maxBytes) return setError(e('IMAGE_TOO_BIG'));
                void run(() => onPhoto(chosen));
              }}
            />
          </>
        ) : null}
        <label htmlFor={`${id}-body`} className="sr-only">
          {t('messageLabel')}
        </label>
        <textarea
          ref={text}
          id={`${id}-body`}
          name="body"
          rows={2}
          dir="auto"
          value={body}
          maxLength={messageLimits.bodyMax}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder={t('messagePlaceholder')}
          className="focus:border-secondary max-h-40 min-h-12 flex-1 resize-y rounded-xl border border-neutral-300 bg-white px-3 py-2.5 text-base"
        />
        <button
          type="submit"
          disabled={pending}
          className="bg-secondary hover:bg-secondary-dark min-h-12 shrink-0 rounded-full px-5 font-semibold text-white disabled:opacity-60"
        >
          {t('send')}
        </button>
      </div>
    </form>
  );
}
