import type { ReactNode } from 'react';

// Parts of every form that need no translations: a public page's form imports them without
// next-intl's client runtime (its texts come as props).

export function FormAlert({ message, tone = 'error' }: { message?: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border-s-4 px-4 py-3 text-sm ${tone === 'error' ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'}`}
    >
      {message}
    </p>
  );
}

export function SubmitButton({
  pending,
  children,
  pendingLabel,
  disabled = false,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  /** Disabled for another reason than a pending submission (the form is not ready yet). */
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className="bg-secondary hover:bg-secondary-dark inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-70"
    >
      {pending ? (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      ) : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
