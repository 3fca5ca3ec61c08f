import 'server-only';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { dataDir } from '@/lib/server/db/client';

export type OutboxMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

export function outboxDir(): string {
  return path.join(dataDir(), 'outbox');
}

/**
 * Writes one outgoing message as a JSON file in DATA_DIR/outbox (CONTRACT.md "Outbox"), readable by
 * this system user only (its links and codes are secrets), and logs that it did, without the text.
 */
export async function writeToOutbox(message: OutboxMessage): Promise<string> {
  const createdAt = new Date().toISOString();
  const dir = outboxDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const name = `${createdAt.replace(/[:.]/g, '-')}-${message.channel}-${randomUUID().slice(0, 8)}.json`;
  const file = path.join(dir, name);
  // Written beside the folder, then moved in: whoever reads the outbox never sees half a message.
  const draft = path.join(dir, '..', `.outbox-${name}`);
  await writeFile(draft, JSON.stringify({ ...message, createdAt }, null, 2), { mode: 0o600 });
  await rename(draft, file);
  console.log(`[outbox] ${message.channel} to ${message.to}${message.subject ? `: ${message.subject}` : ''}`);
  return file;
}
