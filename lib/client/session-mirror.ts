// The browser's mirror of the signed-in user (DESIGN.md, "Session"): localStorage key `user`.
// It renders the header instantly; the httpOnly session cookie stays the authority.

import type { MirrorUser } from '@/lib/schemas/users';

export const storageKey = 'user';
const changeEvent = 'colibri:user';

function parse(raw: string | null): MirrorUser | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      'id' in value &&
      typeof value.id === 'string' &&
      'firstname' in value &&
      typeof value.firstname === 'string'
    ) {
      const record = value as Record<string, unknown>;
      return {
        id: value.id,
        firstname: value.firstname,
        verifiedPhone: record.verifiedPhone === true,
        unreadMessages: typeof record.unreadMessages === 'number' ? record.unreadMessages : 0,
      };
    }
    throw new Error('not a user object');
  } catch (error) {
    console.error('Could not parse the saved user; ignoring it.', error);
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cachedUser: MirrorUser | null = null;

/** The saved user, or null when there is none or it does not parse. */
export function readUser(): MirrorUser | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parse(raw);
  }
  return cachedUser;
}

/** Saves a user, or removes the entry for null, and tells every subscriber. */
export function writeUser(user: MirrorUser | null): void {
  try {
    if (user) window.localStorage.setItem(storageKey, JSON.stringify(user));
    else window.localStorage.removeItem(storageKey);
  } catch (error) {
    console.error('Could not save the user.', error);
  }
  window.dispatchEvent(new Event(changeEvent));
}

export function subscribeUser(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKey) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(changeEvent, onChange);
  };
}
