'use client';
import { useEffect } from 'react';
import { writeUser } from '@/lib/client/session-mirror';
import type { MirrorUser } from '@/lib/schemas/users';

/** Writes the server's view of the signed-in user into the browser's mirror (after social sign-in too). */
export function SessionSync({ user }: { user: MirrorUser }) {
  useEffect(() => {
    writeUser(user);
  }, [user]);
  return null;
}
