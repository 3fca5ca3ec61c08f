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

/** A field that can be sealed: a string, or a record of strings (each value sealed, e.g. a mail's headers). */
type Sealable = string | Record<string, string>;
const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');
const sealable = (value: unknown): value is Sealable => typeof value === 'string' || isStringRecord(value);

/** Applies `change` to a sealable value: to the string, or to each value of the record. */
function mapSealable(value: Sealable, change: (text: string) => string): Sealable {
  if (typeof value === 'string') return change(value);
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, change(entry)]));
}

/** A copy of `data` whose `fields` (strings, or records of strings) are sealed. */
export async function sealFields<T extends Record<string, unknown>>(
  db: Db | Tx,
  data: T,
  fields: readonly string[],
): Promise<T> {
  const present = fields.filter((field) => sealable(data[field]));
  if (!present.length) return data;
  const key = await jobKey(db);
  const copy: Record<string, unknown> = { ...data };
  for (const field of present) {
    const value = copy[field];
    if (sealable(value)) copy[field] = mapSealable(value, (text) => seal(key, text));
  }
  return copy as T;
}

/** A copy of a stored payload with its sealed `fields` opened (a job enqueued before sealing has them in clear). */
export async function openFields(db: Db | Tx, data: unknown, fields: readonly string[]): Promise<unknown> {
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  const sealedIn = (value: unknown) =>
    isSealed(value) || (isStringRecord(value) && Object.values(value).some((entry) => isSealed(entry)));
  const present = fields.filter((field) => sealedIn(record[field]));
  if (!present.length) return data;
  const key = await jobKey(db);
  const copy: Record<string, unknown> = { ...record };
  for (const field of present) {
    const value = copy[field];
    if (sealable(value)) copy[field] = mapSealable(value, (text) => (isSealed(text) ? open(key, text) : text));
  }
  return copy;
}
