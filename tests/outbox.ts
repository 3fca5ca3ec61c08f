import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The outbox the app writes instead of sending (CONTRACT.md "Outbox"), read by the API tests (their
// DATA_DIR) and the browser tests (the server's E2E_DATA_DIR).

export type OutboxEntry = {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  createdAt: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

/** An e-mail of the outbox (a text message has no subject). */
export type OutboxMail = OutboxEntry & { channel: 'email'; subject: string };
export const isMail = (message: OutboxEntry): message is OutboxMail => message.channel === 'email';

/** Every outbox message to an address (e-mail or phone) under a data directory, oldest first. */
export function outboxIn(dataDir: string, to: string): OutboxEntry[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxEntry)
    .filter((m) => m.to === to);
}
