'use client';
import Link from 'next/link';
import { useState } from 'react';
import type { AlertLabels } from './alert-button';

/** A signed-in member's "alert me" (loaded by ./alert-button.tsx): saves the list's filters (POST /alerts). */
export default function AlertMemberButton({
  kind,
  filters,
  locale,
  manageHref,
  labels,
}: {
  kind: 'package' | 'travel';
  filters: Record<string, string>;
  locale: string;
  manageHref: string;
  labels: AlertLabels;
}) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  const button =
    'bg-secondary hover:bg-secondary-dark inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold text-white disabled:opacity-70';
  if (state === 'saved')
    return (
      <p role="status" className="text-sm font-semibold text-green-800">
        {labels.saved}{' '}
        <Link href={manageHref} className="text-secondary underline">
          {labels.manage}
        </Link>
      </p>
    );
  const save = async () => {
    setState('saving');
    setError(null);
    try {
      const response = await fetch('/api/user/v1/alerts', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-locale': locale },
        body: JSON.stringify({ kind, filters }),
      });
      const answer = (await response.json()) as { success: boolean; error?: { message: string } };
      if (answer.success) return setState('saved');
      setError(answer.error?.message ?? labels.error);
    } catch {
      setError(labels.error);
    }
    setState('idle');
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        data-alert-member
        onClick={save}
        disabled={state === 'saving'}
        aria-busy={state === 'saving'}
        className={button}
      >
        {state === 'saving' ? labels.saving : labels.create}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
