'use client';
import { apiFetch } from './api';
import { writeUser } from './session-mirror';

/** Ends the session on the server, then forgets the mirrored user (every tab's header follows). */
export async function signOut(locale: string, networkMessage: string): Promise<void> {
  await apiFetch('auth/sign-out', { body: {}, locale, networkMessage });
  writeUser(null);
}
