import { randomBytes } from 'node:crypto';

/** A new row id: 12 random bytes in base64url (16 characters), as conversations, messages and push subscriptions use. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
