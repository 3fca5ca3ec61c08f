'use client';
import { lazy, Suspense } from 'react';
import { useSessionUser } from '@/lib/client/use-session-user';
import { joinDialogId } from './element-ids';

export type AlertLabels = { create: string; saving: string; saved: string; manage: string; error: string };

const AlertMemberButton = lazy(() => import('./alert-member-button'));

/**
 * "Alert me" on a filtered list: a visitor gets the join popover (no script needed); a signed-in
 * member's button, loaded then, saves the list's filters as a route alert.
 */
export function AlertButton(props: {
  kind: 'package' | 'travel';
  filters: Record<string, string>;
  locale: string;
  manageHref: string;
  labels: AlertLabels;
}) {
  const user = useSessionUser();
  const look =
    'bg-secondary hover:bg-secondary-dark inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold text-white disabled:opacity-70';
  if (!user)
    return (
      <button type="button" popoverTarget={joinDialogId} className={look}>
        {props.labels.create}
      </button>
    );
  // Signed in: no popover while the member's button loads.
  return (
    <Suspense
      fallback={
        <button type="button" disabled className={look}>
          {props.labels.create}
        </button>
      }
    >
      <AlertMemberButton {...props} />
    </Suspense>
  );
}
