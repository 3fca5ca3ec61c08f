'use client';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False on the server and while hydrating, then true: what differs by browser (time zone) waits. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
