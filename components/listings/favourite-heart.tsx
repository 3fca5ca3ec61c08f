'use client';
import { useEffect, useSyncExternalStore } from 'react';
import { loadFavourites, savedFavourites, setFavourite, subscribeFavourites } from '@/lib/client/favourites';
import { toast } from '@/lib/client/toast';
import type { HeartLabels } from './heart-button';

/** A signed-in member's heart (loaded by ./heart-button.tsx): pressed when saved, changed optimistically. */
export default function FavouriteHeart({
  userId,
  kind,
  id,
  labels,
  className,
}: {
  userId: string;
  kind: 'package' | 'travel';
  id: string;
  labels: HeartLabels;
  className: string;
}) {
  const saved = useSyncExternalStore(subscribeFavourites, savedFavourites, () => null);
  useEffect(() => loadFavourites(userId), [userId]);
  const on = Boolean(saved?.has(`${kind}:${id}`));
  // Until the member's favourites are known, a click could not tell saving from removing.
  return (
    <button
      type="button"
      disabled={saved === null}
      aria-label={labels.save}
      aria-pressed={on}
      data-favourite={`${kind}:${id}`}
      onClick={async () => {
        if (!(await setFavourite(kind, id, !on))) toast(labels.error, 'error');
      }}
      className={`heart ${className}`}
    >
      <span aria-hidden="true" className="i i-heart" />
    </button>
  );
}
