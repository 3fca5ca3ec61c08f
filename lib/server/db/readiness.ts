import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from '@/lib/zod';
import { getDb, rowsOf } from './client';
import { isDatabaseUnavailable, markDatabase } from './availability.mjs';
import journalFile from './migrations/meta/_journal.json';

/** A readiness check longer than this is a database that does not answer. */
const checkTimeoutMs = 2000;

/** The newest committed migration, as the build knows it (drizzle-kit's journal). */
const latest = journalFile.entries.at(-1) ?? { tag: 'none', when: 0 };

export type Readiness =
  | { status: 'ready'; migration: string }
  | { status: 'unavailable'; reason: 'database-unreachable' | 'migrations-pending'; migration?: string };

/**
 * Whether this instance can serve: the database answers (within 2 s) and holds every committed
 * migration (drizzle's journal table records each one's timestamp).
 */
export async function readiness(): Promise<Readiness> {
  const expected = latest;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const check = (async () => {
      const db = await getDb();
      const result = await db.execute(
        sql`select coalesce(max(created_at), 0)::bigint::text as applied from drizzle.__drizzle_migrations`,
      );
      return rowsOf(result, z.object({ applied: z.string() }))[0]?.applied ?? '0';
    })();
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), checkTimeoutMs);
    });
    const applied = await Promise.race([check, late]);
    markDatabase(true);
    if (Number(applied) < expected.when)
      return { status: 'unavailable', reason: 'migrations-pending', migration: expected.tag };
    return { status: 'ready', migration: expected.tag };
  } catch (error) {
    // Answering, but without drizzle's journal table: no migration ran yet.
    const answered =
      error instanceof Error && error.message !== 'readiness check timed out' && !isDatabaseUnavailable(error);
    markDatabase(answered);
    return answered
      ? { status: 'unavailable', reason: 'migrations-pending', migration: expected.tag }
      : { status: 'unavailable', reason: 'database-unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
