'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from '@/lib/client/toast';
import { apiBasePath } from '@/lib/routes';
import { identityFiles } from '@/lib/domain';

// parametres: the identity check's two pictures, sent together as multipart (`document`, `selfie`);
// a refusal shows beside the picture it is about.
export function IdentityForm() {
  const t = useTranslations('Settings');
  const e = useTranslations('Errors');
  const locale = useLocale();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<Record<string, string | undefined>>({});
  const labels = { document: t('identityDocument'), selfie: t('identitySelfie') };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      const response = await fetch(`${apiBasePath}/me/identity`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'x-locale': locale },
        body: new FormData(event.currentTarget),
      });
      const answer = (await response.json()) as {
        success: boolean;
        error?: { message: string; fields?: Record<string, string> };
      };
      if (!answer.success) {
        setErrors(answer.error?.fields ?? { _: answer.error?.message ?? e('UNKNOWN') });
        return;
      }
      toast(t('identitySent'), 'success');
      router.refresh();
    } catch {
      setErrors({ _: e('NETWORK') });
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" encType="multipart/form-data">
      {identityFiles.map((part) => (
        <div key={part} className="flex flex-col gap-1.5">
          <span id={`identity-${part}-label`} className="text-sm font-semibold">
            {labels[part]}
          </span>
          {/* The browser's own file button speaks the browser's language: ours speaks the page's. */}
          <label className="flex flex-wrap items-center gap-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
            <span className="bg-secondary-light text-secondary inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 font-semibold">
              {t('identityChoose')}
            </span>
            <span className="text-muted text-sm break-all" dir="auto">
              {chosen[part] ?? t('identityNone')}
            </span>
            <input
              name={part}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              required
              aria-labelledby={`identity-${part}-label`}
              aria-invalid={errors[part] ? true : undefined}
              aria-describedby={errors[part] ? `identity-${part}-error` : 'identity-hint'}
              className="sr-only"
              onChange={(event) => {
                const name = event.target.files?.[0]?.name;
                setChosen((now) => ({ ...now, [part]: name }));
              }}
            />
          </label>
          {errors[part] ? (
            <p id={`identity-${part}-error`} className="text-sm text-red-700">
              {errors[part]}
            </p>
          ) : null}
        </div>
      ))}
      <p id="identity-hint" className="text-muted text-sm">
        {t('identityHint')}
      </p>
      {errors._ ? (
        <p role="alert" className="text-sm text-red-700">
          {errors._}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="bg-secondary hover:bg-secondary-dark min-h-11 w-fit rounded-full px-5 font-semibold text-white disabled:opacity-70"
      >
        {pending ? t('identitySending') : t('identitySend')}
      </button>
    </form>
  );
}
