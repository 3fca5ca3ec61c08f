'use client';
import { lazy, Suspense } from 'react';
import { useSessionUser } from '@/lib/client/use-session-user';
import { joinDialogId } from './element-ids';

export type HeartLabels = { save: string; error: string };

// The member's heart (its store and calls) loads only once someone is signed in: public pages carry
// this much of it in their first load.
const MemberHeart = lazy(() => import('./favourite-heart'));

/**
 * The heart of a card or a detail page. The first HTML is the visitor's: a button that opens the
 * "join" popover, no script needed. A signed-in member's saves or removes the listing at once.
 */
export function HeartButton({
  kind,
  id,
  labels,
  className = '',
}: {
  kind: 'package' | 'travel';
  id: string;
  labels: HeartLabels;
  className?: string;
}) {
  const user = useSessionUser();
  const guest = (
    <button type="button" popoverTarget={joinDialogId} aria-label={labels.save} className={`heart ${className}`}>
      <span aria-hidden="true" className="i i-heart" />
    </button>
  );
  if (!user) return guest;
  // Signed in: no popover while the member's heart loads.
  const loading = (
    <button type="button" disabled aria-label={labels.save} className={`heart ${className}`}>
      <span aria-hidden="true" className="i i-heart" />
    </button>
  );
  return (
    <Suspense fallback={loading}>
      <MemberHeart userId={user.id} kind={kind} id={id} labels={labels} className={className} />
    </Suspense>
  );
}
