import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { dataDir } from './db/client';

export type OutboxMessage = { channel: 'email' | 'sms'; to: string; subject?: string; text: string };

export function outboxDir(): string {
  return path.join(dataDir(), 'outbox');
}

/** Writes one outgoing message as a JSON file in DATA_DIR/outbox and logs it (CONTRACT.md "Outbox"). */
export async function writeToOutbox(message: OutboxMessage): Promise<string> {
  const createdAt = new Date().toISOString();
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${createdAt.replace(/[:.]/g, '-')}-${message.channel}-${randomUUID().slice(0, 8)}.json`);
  await writeFile(file, JSON.stringify({ ...message, createdAt }, null, 2));
  console.log(`[outbox] ${message.channel} to ${message.to}: ${message.subject ?? message.text.slice(0, 60)}`);
  return file;
}
