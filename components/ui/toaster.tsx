'use client';
import { useSyncExternalStore } from 'react';
import { dismissToast, getServerToasts, getToasts, subscribeToasts } from '@/lib/client/toast';
import { CloseIcon } from './icons';

const kindStyle = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-secondary bg-white text-ink',
} as const;

/** Where toasts appear: top centre, at most three at once. */
export function Toaster({ regionLabel, closeLabel }: { regionLabel: string; closeLabel: string }) {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  return (
    <section
      aria-label={regionLabel}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-s-4 px-4 py-3 shadow-lg ${kindStyle[t.kind]}`}
        >
          <p className="flex-1 text-sm">{t.message}</p>
          <button type="button" onClick={() => dismissToast(t.id)} aria-label={closeLabel} className="-m-1 rounded p-1">
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </section>
  );
}
