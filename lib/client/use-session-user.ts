'use client';
import { useSyncExternalStore } from 'react';
import { readUser, subscribeUser, type MirroredUser } from './session-mirror';

/** The mirrored user; null on the server and during hydration, so the first HTML is the guest's. */
export function useSessionUser(): MirroredUser | null {
  return useSyncExternalStore(subscribeUser, readUser, () => null);
}
