import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { env } from '@/lib/env';
import type { Db, Tx } from '@/lib/server/db/client';
import { settings } from '@/lib/server/db/schema';

// Secrets out of job rows (issue 33): the fields of a job's payload that carry one (a phone code, the
// text of an e-mail with a confirmation or reset link) are stored in pgboss.job, and a week in
// pgboss.archive, encrypted (AES-256-GCM) with a key derived from the session secret (AUTH_SECRET, or
// the one kept in the database for every instance). Anyone reading the job tables reads ciphertext.

const marker = 'sealed:v1:';

const derive = (secret: string, purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'colibri', purpose, 32));

let stored: Promise<string> | undefined;

/** The session secret: AUTH_SECRET, else the one kept in `settings` (made once, as better-auth's own). */
async function sessionSecret(db: Db | Tx): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  stored ??= (async () => {
    // The same row lib/server/auth/auth.ts reads for better-auth: whichever comes first makes it.
    await db
      .insert(settings)
      .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, 'auth_secret'));
    if (!row) throw new Error('auth secret missing');
    return row.value;
  })().catch((error: unknown) => {
    stored = undefined;
    throw error;
  });
  return stored;
}

/**
 * A 32-byte key for one `purpose`, derived (HKDF-SHA256) from the session secret: the job payloads'
 * key here, the one-click unsubscribe links' key (lib/server/notify/unsubscribe.ts).
 */
export async function derivedKey(db: Db | Tx, purpose: string): Promise<Buffer> {
  return derive(await sessionSecret(db), purpose);
}

const jobKey = (db: Db | Tx) => derivedKey(db, 'job payload fields');

function seal(key: Buffer, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return marker + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(key: Buffer, value: string): string {
  const bytes = Buffer.from(value.slice(marker.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** Whether a stored value is sealed (tests look in the job tables). */
export const isSealed = (value: unknown): boolean => typeof value === 'string' && value.startsWith(marker);

/** A copy of `data` whose string `fields` are sealed. */
export async function sealFields<T extends Record<string, unknown>>(
  db: Db | Tx,
  data: T,
  fields: readonly string[],
): Promise<T> {
  const present = fields.filter((field) => typeof data[field] === 'string');
  if (!present.length) return data;
  const key = await jobKey(db);
  const copy: Record<string, unknown> = { ...data };
  for (const field of present) copy[field] = seal(key, String(copy[field]));
  return copy as T;
}

/** A copy of a stored payload with its sealed `fields` opened (a job enqueued before sealing has them in clear). */
export async function openFields(db: Db | Tx, data: unknown, fields: readonly string[]): Promise<unknown> {
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  const present = fields.filter((field) => isSealed(record[field]));
  if (!present.length) return data;
  const key = await jobKey(db);
  const copy: Record<string, unknown> = { ...record };
  for (const field of present) copy[field] = open(key, String(copy[field]));
  return copy;
}
