'use client';
import { useRouter } from 'next/navigation';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { Field, FormAlert, PasswordField, SubmitButton } from '@/components/forms/field';
import { Avatar } from '@/components/ui/avatar';
import { uploadsPath } from '@/lib/server/storage/keys';
import { ApiError, errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { readUser, writeUser } from '@/lib/client/session-mirror';
import { toast } from '@/lib/client/toast';
import type { z } from '@/lib/zod';
import type { Settings } from '@/lib/schemas/member';
import {
  changeEmailSchema,
  changePasswordSchema,
  namesSchema,
  type ChangeEmailInput,
  type ChangePasswordInput,
} from '@/lib/schemas/settings';

// The settings screen's forms (parametres): each calls its endpoint and shows the answer's errors
// beside their fields.

/** An API refusal: its field errors beside the fields the form has, else one message. */
function showError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: string[]): string {
  if (error instanceof ApiError) {
    const own = Object.entries(error.fields).filter(([field]) => fields.includes(field));
    for (const [field, message] of own) form.setError(field as Path<T>, { message });
    return own.length ? '' : error.message;
  }
  return String(error);
}

export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-neutral-200 bg-white p-5 md:p-6"
    >
      <h2 id={`${id}-title`} className="text-secondary text-xl font-bold">
        {title}
      </h2>
      {intro ? <p className="text-muted mt-1 text-sm">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function NamesForm({ settings }: { settings: Settings }) {
  const t = useTranslations('Settings');
  const a = useTranslations('Auth');
  const api = useApi();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof namesSchema>>({
    resolver: zodResolver(namesSchema),
    defaultValues: { firstname: settings.firstname, lastname: settings.lastname },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await api<Settings>('me', values, 'PATCH');
      const mirror = readUser();
      if (mirror) writeUser({ ...mirror, firstname: saved.firstname });
      toast(t('saved'), 'success');
      router.refresh();
    } catch (e) {
      setError(showError(form, e, ['firstname', 'lastname']) || null);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormAlert message={error} />
      </div>
      <Field
        label={a('firstname')}
        autoComplete="given-name"
        error={errors.firstname}
        {...form.register('firstname')}
      />
      <Field label={a('lastname')} autoComplete="family-name" error={errors.lastname} {...form.register('lastname')} />
      <div>
        <SubmitButton pending={isSubmitting}>{t('save')}</SubmitButton>
      </div>
    </form>
  );
}

export function AvatarForm({ settings, initials }: { settings: Settings; initials: string }) {
  const t = useTranslations('Settings');
  const locale = useLocale();
  const e = useTranslations('Errors');
  const router = useRouter();
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setPending(true);
    setError(null);
    const body = new FormData();
    body.append('images', file);
    try {
      const response = await fetch('/api/user/v1/me/avatar', {
        method: 'POST',
        credentials: 'include',
        headers: { 'x-locale': locale },
        body,
      });
      const answer = (await response.json()) as { success: boolean; error?: { message: string } };
      if (!answer.success) throw new Error(answer.error?.message ?? e('UNKNOWN'));
      toast(t('avatarSaved'), 'success');
      router.refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : e('NETWORK'));
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async () => {
    setPending(true);
    try {
      await api('me/avatar', undefined, 'DELETE');
      router.refresh();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar src={settings.avatar && uploadsPath(settings.avatar)} initials={initials} alt={t('avatarAlt')} />
      <div className="flex flex-col gap-2">
        <label className="bg-secondary hover:bg-secondary-dark inline-flex min-h-11 w-fit cursor-pointer items-center rounded-full px-5 font-semibold text-white has-[:disabled]:opacity-70 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
          {pending ? t('uploading') : t('avatarChoose')}
          <input
            ref={input}
            type="file"
            accept="image/*"
            disabled={pending}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        {settings.avatar ? (
          <button
            type="button"
            onClick={remove}
            disabled={pending}
            className="text-start text-sm text-red-800 underline"
          >
            {t('avatarRemove')}
          </button>
        ) : null}
        <p className="text-muted text-xs">{t('avatarHint')}</p>
      </div>
      <div className="w-full">
        <FormAlert message={error} />
      </div>
    </div>
  );
}

export function PasswordForm() {
  const t = useTranslations('Settings');
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await api('me/password', values);
      form.reset();
      toast(t('passwordChanged'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.code === 'PASSWORD_SAME_AS_OLD') form.setError('password', { message: e.message });
      else if (e instanceof ApiError && e.code === 'CURRENT_PASSWORD_INVALID')
        form.setError('currentPassword', { message: e.message });
      else setError(showError(form, e, ['currentPassword', 'password', 'confirmPassword']) || null);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <FormAlert message={error} />
      <PasswordField
        label={t('currentPassword')}
        error={errors.currentPassword}
        {...form.register('currentPassword')}
      />
      <PasswordField
        label={t('newPassword')}
        id="new-password"
        autoComplete="new-password"
        error={errors.password}
        {...form.register('password')}
      />
      <PasswordField
        label={t('confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <div>
        <SubmitButton pending={isSubmitting}>{t('changePassword')}</SubmitButton>
      </div>
    </form>
  );
}

export function EmailForm({ settings }: { settings: Settings }) {
  const t = useTranslations('Settings');
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; to: 'new-address' | 'current-address' } | null>(null);
  // A member who signs in only through a provider has no password: the current address approves instead.
  const withPassword = settings.signIns.password;
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', ...(withPassword ? { password: '' } : {}) },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await api<{ sentTo: 'new-address' | 'current-address' }>('me/email', values);
      setSent({ email: values.email, to: answer.sentTo });
      form.reset();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'CURRENT_PASSWORD_INVALID')
        form.setError('password', { message: e.message });
      else if (e instanceof ApiError && e.code === 'EMAIL_TAKEN') form.setError('email', { message: e.message });
      else setError(showError(form, e, ['email', 'password']) || null);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <p>
        {t.rich('currentEmail', {
          email: settings.email,
          b: (chunks) => <bdi className="font-semibold">{chunks}</bdi>,
        })}
      </p>
      <FormAlert
        tone="success"
        message={
          sent
            ? sent.to === 'new-address'
              ? t('emailSent', { email: sent.email })
              : t('emailApprovalSent', { email: settings.email })
            : null
        }
      />
      <FormAlert message={error} />
      <Field label={t('newEmail')} type="email" autoComplete="email" error={errors.email} {...form.register('email')} />
      {withPassword ? (
        <PasswordField
          label={t('passwordToConfirm')}
          id="email-password"
          error={errors.password}
          {...form.register('password')}
        />
      ) : (
        <p className="text-muted text-sm">{t('emailWithoutPassword')}</p>
      )}
      <div>
        <SubmitButton pending={isSubmitting}>{t('changeEmail')}</SubmitButton>
      </div>
    </form>
  );
}

/** PATCH /me saved as soon as a setting changes: a toast either way; resolves the saved settings, or null. */
export function useSettingsPatch() {
  const t = useTranslations('Settings');
  const api = useApi();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const patch = async (change: Record<string, unknown>): Promise<Settings | null> => {
    setPending(true);
    try {
      const saved = await api<Settings>('me', change, 'PATCH');
      toast(t('saved'), 'success');
      router.refresh();
      return saved;
    } catch (e) {
      toast(errorText(e), 'error');
      return null;
    } finally {
      setPending(false);
    }
  };
  return { pending, patch };
}

/** Preferred language (the language of e-mails), saved as soon as it changes (notifications: ./notification-settings.tsx). */
export function PreferencesForm({
  settings,
  languages,
}: {
  settings: Settings;
  languages: { value: string; label: string }[];
}) {
  const t = useTranslations('Settings');
  const [current, setCurrent] = useState(settings);
  const { pending, patch } = useSettingsPatch();
  const save = async (change: Record<string, unknown>) => {
    const saved = await patch(change);
    if (saved) setCurrent(saved);
  };
  return (
    <div className="grid max-w-xl gap-5">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="language" className="text-sm font-semibold">
          {t('language')}
        </label>
        <select
          id="language"
          value={current.locale}
          disabled={pending}
          onChange={(event) => save({ locale: event.target.value })}
          className="focus:border-secondary min-h-12 max-w-xs rounded-lg border border-neutral-300 bg-white px-3"
        >
          {languages.map((language) => (
            <option key={language.value} value={language.value}>
              {language.label}
            </option>
          ))}
        </select>
        <p className="text-muted text-xs">{t('languageHint')}</p>
      </div>
    </div>
  );
}
