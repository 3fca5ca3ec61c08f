'use client';
import { useSyncExternalStore } from 'react';
import { readUser, subscribeUser } from './session-mirror';
import type { MirrorUser } from '@/lib/schemas/users';

/** The mirrored user; null on the server and during hydration, so the first HTML is the guest's. */
export function useSessionUser(): MirrorUser | null {
  return useSyncExternalStore(subscribeUser, readUser, () => null);
}
