'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert, PasswordField, SubmitButton } from '@/components/forms/field';
import { ApiError, errorText } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { startSocialSignIn } from '@/lib/client/social-sign-in';
import type { SocialProvider } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

type Confirmation = { status: 'confirmed' } | { status: 'provider'; provider: SocialProvider };
type State =
  | { step: 'checking' | 'done' | 'pending' | 'error' }
  | { step: 'password' }
  | { step: 'provider'; provider: SocialProvider };

const button = 'inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold';

/**
 * confirmation-email/{userId}: the e-mailed link proves the mailbox; the password chosen at sign-up
 * says which sign-up it confirms, and an account made through a provider finishes with that provider
 * in this browser (docs/decisions/0034). Without a usable link, it offers to send the e-mail again.
 */
export function ConfirmEmail({ prefix, userId }: { prefix: Prefix; userId: string }) {
  const t = useTranslations('Auth');
  const api = useApi();
  const token = useSearchParams().get('token');
  const [state, setState] = useState<State>({ step: token ? 'checking' : 'pending' });
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const started = useRef(false);
  const path = `users/${encodeURIComponent(userId)}/confirm-email`;

  const outcome = (e: unknown) => {
    if (e instanceof ApiError && e.code === 'CONFIRM_PASSWORD_REQUIRED') return setState({ step: 'password' });
    if (e instanceof ApiError && e.code === 'CONFIRM_PASSWORD_INVALID') {
      setPasswordError(e.fields.password ?? e.message);
      return setState({ step: 'password' });
    }
    setMessage(errorText(e));
    setState({ step: e instanceof ApiError && e.code === 'EMAIL_ALREADY_VERIFIED' ? 'done' : 'error' });
  };
  const answered = (data: Confirmation) =>
    setState(data.status === 'provider' ? { step: 'provider', provider: data.provider } : { step: 'done' });

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    api<Confirmation>(path, { token }).then(answered, outcome);
  }, [api, token, path]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPasswordError(undefined);
    setMessage(null);
    setSending(true);
    await api<Confirmation>(path, { token, password }).then(answered, outcome);
    setSending(false);
  };

  const resend = async () => {
    setNotice(null);
    setMessage(null);
    try {
      await api(`users/${encodeURIComponent(userId)}/resend-confirmation`, {});
      setNotice(t('confirmResent'));
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  if (state.step === 'checking') return <p role="status">{t('confirmChecking')}</p>;
  if (state.step === 'done')
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success" message={message ?? t('confirmDone')} />
        <Link href={localPath(prefix, 'connexion')} className={`${button} bg-secondary text-white`}>
          {t('continue')}
        </Link>
      </div>
    );
  if (state.step === 'password')
    return (
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p>{t('confirmPasswordIntro')}</p>
        <FormAlert message={message} />
        <PasswordField
          label={t('confirmPasswordLabel')}
          name="password"
          id="confirm-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError ? { type: 'server', message: passwordError } : undefined}
        />
        <SubmitButton pending={sending}>{t('confirmSubmit')}</SubmitButton>
      </form>
    );
  if (state.step === 'provider') {
    const name = t(`socialNames.${state.provider}`);
    return (
      <div className="flex flex-col gap-4">
        <p>{t('confirmProvider', { name })}</p>
        <FormAlert message={message} />
        <button
          type="button"
          disabled={sending}
          aria-busy={sending || undefined}
          onClick={async () => {
            setSending(true);
            if (!(await startSocialSignIn(state.provider, prefix))) {
              setSending(false);
              setMessage(t('socialFailed', { name }));
            }
          }}
          className={`${button} border border-neutral-300 hover:bg-neutral-50 disabled:opacity-60`}
        >
          {t(state.provider)}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={message} />
      <FormAlert tone="success" message={notice} />
      <p>{t('confirmPending')}</p>
      <button
        type="button"
        onClick={resend}
        className={`${button} border-secondary text-secondary hover:bg-secondary-light border`}
      >
        {t('confirmResend')}
      </button>
    </div>
  );
}
