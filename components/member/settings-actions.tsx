'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert, PasswordField } from '@/components/forms/field';
import { ApiError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { writeUser } from '@/lib/client/session-mirror';
import { toast } from '@/lib/client/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRowAction } from './row-action';
import type { SocialProvider } from '@/lib/domain';

export type AlertView = { id: string; title: string; kind: string; details: string; href: string; lastSent: string };

/** The member's route alerts, each removable. */
export function AlertsList({ alerts }: { alerts: AlertView[] }) {
  const t = useTranslations('Alerts');
  const api = useApi();
  const { busy, run } = useRowAction();
  if (!alerts.length) return <p className="text-muted">{t('none')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-neutral-100">
      {alerts.map((alert) => (
        <li key={alert.id} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              <span className="text-muted me-2 text-sm font-normal">{alert.kind}</span>
              {alert.title}
            </p>
            {alert.details ? <p className="text-muted text-sm">{alert.details}</p> : null}
            <p className="text-muted text-xs">{alert.lastSent}</p>
          </div>
          <Link href={alert.href} className="text-secondary text-sm font-semibold underline">
            {t('see')}
          </Link>
          <button
            type="button"
            disabled={busy === alert.id}
            aria-label={t('deleteLabel', { alert: alert.title })}
            onClick={() =>
              run(alert.id, () => api(`alerts/${encodeURIComponent(alert.id)}`, undefined, 'DELETE'), t('deleted'))
            }
            className="inline-flex min-h-11 items-center rounded-full border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
          >
            {t('delete')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Delete my account": the password, in a confirmation dialog; then signed out and home. A member who
 * signs in only through a provider has no password: a link is e-mailed, and deletes once followed.
 */
export function DeleteAccount({ homeHref, withPassword }: { homeHref: string; withPassword: boolean }) {
  const t = useTranslations('Settings');
  const api = useApi();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await api<{ status: 'deleted' | 'link-sent' }>('me', withPassword ? { password } : {}, 'DELETE');
      if (answer.status === 'link-sent') {
        toast(t('deleteLinkSent'), 'success');
        setOpen(false);
        setPending(false);
        return;
      }
      writeUser(null);
      toast(t('deleted'), 'success');
      router.push(homeHref);
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.fields)[0] ?? e.message) : String(e));
      setPending(false);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
      >
        {t('deleteAccount')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('deleteTitle')}
        confirmLabel={withPassword ? t('deleteConfirm') : t('deleteByLink')}
        cancelLabel={t('cancel')}
        pending={pending}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setPassword('');
          setError(null);
        }}
      >
        <p>{withPassword ? t('deleteText') : t('deleteTextByLink')}</p>
        <FormAlert message={error} />
        {withPassword ? (
          <PasswordField
            label={t('passwordToConfirm')}
            name="password"
            id="delete-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** How the member signs in: a password, and each provider linked to the account, which can be removed. */
export function SignInMethods({
  signIns,
  forgotHref,
}: {
  signIns: { password: boolean; providers: readonly SocialProvider[] };
  forgotHref: string;
}) {
  const t = useTranslations('Settings');
  const names = useTranslations('Auth');
  const api = useApi();
  const { busy, run } = useRowAction();
  const ways = (signIns.password ? 1 : 0) + signIns.providers.length;
  return (
    <ul className="flex flex-col divide-y divide-neutral-100">
      <li className="flex flex-wrap items-center gap-3 py-3">
        <p className="min-w-0 flex-1 font-semibold">{t('signInsPassword')}</p>
        {signIns.password ? (
          <span className="text-sm text-green-800">{t('signInsOn')}</span>
        ) : (
          <Link href={forgotHref} className="text-secondary text-sm font-semibold underline">
            {t('signInsChoosePassword')}
          </Link>
        )}
      </li>
      {signIns.providers.map((provider) => {
        const name = names(`socialNames.${provider}`);
        return (
          <li key={provider} className="flex flex-wrap items-center gap-3 py-3">
            <p className="min-w-0 flex-1 font-semibold">{name}</p>
            {ways > 1 ? (
              <button
                type="button"
                disabled={busy === provider}
                onClick={() =>
                  run(
                    provider,
                    () => api(`me/sign-ins/${provider}`, undefined, 'DELETE'),
                    t('signInsRemoved', { provider: name }),
                  )
                }
                className="inline-flex min-h-11 items-center rounded-full border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
              >
                {t('signInsRemove', { provider: name })}
              </button>
            ) : (
              <span className="text-muted text-sm">{t('signInsOnly')}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
