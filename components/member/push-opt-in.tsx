'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/client/api';
import { disablePush, enablePush, pushState, type PushState } from '@/lib/client/push';
import { toast } from '@/lib/client/toast';
import { useApi } from '@/lib/client/use-api';

const dismissedKey = 'colibri.pushPromptDismissed';

/**
 * Turns this browser's pushes on or off. `banner` (messagerie): an invitation shown only while the
 * browser could receive them and the member has neither answered nor dismissed it. `settings`
 * (parametres): the state and its button.
 */
export function PushOptIn({ variant }: { variant: 'banner' | 'settings' }) {
  const t = useTranslations('Push');
  const api = useApi();
  const [state, setState] = useState<PushState | null>(null);
  const [dismissed, setDismissed] = useState(true);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    void pushState().then((next) => {
      setDismissed(localStorage.getItem(dismissedKey) === '1');
      setState(next);
    });
  }, []);
  const change = async (on: boolean) => {
    setPending(true);
    try {
      const next = on ? await enablePush(api) : await disablePush(api);
      setState(next);
      if (on && next !== 'on') toast(next === 'denied' ? t('blocked') : t('failed'), 'error');
    } catch (error) {
      toast(error instanceof ApiError ? error.message : t('failed'), 'error');
    } finally {
      setPending(false);
    }
  };
  if (variant === 'banner') {
    if (state !== 'off' || dismissed) return null;
    return (
      <aside
        aria-labelledby="push-opt-in-title"
        className="border-secondary/20 bg-secondary-light mb-4 flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center"
      >
        <div className="min-w-0 flex-1">
          <h2 id="push-opt-in-title" className="text-secondary font-bold">
            {t('title')}
          </h2>
          <p className="text-sm">{t('text')}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            disabled={pending}
            onClick={() => change(true)}
            className="bg-secondary min-h-11 rounded-full px-5 font-semibold text-white disabled:opacity-60"
          >
            {t('enable')}
          </button>
          <button
            type="button"
            onClick={() => {
              localStorage.setItem(dismissedKey, '1');
              setDismissed(true);
            }}
            className="text-secondary min-h-11 rounded-full px-4 font-semibold underline-offset-4 hover:underline"
          >
            {t('later')}
          </button>
        </div>
      </aside>
    );
  }
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="text-sm font-semibold">{t('thisBrowser')}</p>
      {state === null ? null : state === 'unsupported' ? (
        <p className="text-muted text-sm">{t('unsupported')}</p>
      ) : state === 'denied' ? (
        <p className="text-muted text-sm">{t('blocked')}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className={state === 'on' ? 'text-sm' : 'text-muted text-sm'}>{t(state === 'on' ? 'enabled' : 'text')}</p>
          <button
            type="button"
            disabled={pending}
            onClick={() => change(state !== 'on')}
            className={`min-h-11 rounded-full px-5 font-semibold disabled:opacity-60 ${
              state === 'on'
                ? 'border-secondary text-secondary hover:bg-secondary-light border'
                : 'bg-secondary text-white'
            }`}
          >
            {t(state === 'on' ? 'disable' : 'enable')}
          </button>
        </div>
      )}
    </div>
  );
}
