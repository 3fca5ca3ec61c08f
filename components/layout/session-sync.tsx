'use client';
import { useEffect } from 'react';
import { writeUser, type MirroredUser } from '@/lib/client/session-mirror';

/** Writes the server's view of the signed-in user into the browser's mirror (after social sign-in too). */
export function SessionSync({ user }: { user: MirroredUser }) {
  useEffect(() => {
    writeUser(user);
  }, [user]);
  return null;
}
