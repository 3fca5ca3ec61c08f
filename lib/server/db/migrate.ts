import 'server-only';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from '@/lib/zod';
import { connection, getDb, rowsOf } from './client';

export const migrationsFolder = path.join(process.cwd(), 'lib', 'server', 'db', 'migrations');

/** Applies the committed migrations (drizzle-kit generate) that the database lacks. */
export async function migrateDb(): Promise<void> {
  const conn = await connection();
  if (conn.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(conn.native, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(conn.native, { migrationsFolder });
  }
  // The job queue's own schema, queues and schedules (pg-boss), current with the code like the tables.
  const { installJobs } = await import('@/lib/server/jobs/queue');
  await installJobs();
}

/** Whether every committed migration is applied (a worker waits for `npm run db:migrate` to have run). */
export async function migrationsCurrent(): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const newest = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const db = await getDb();
  try {
    const rows = rowsOf(
      await db.execute(sql`select coalesce(max(created_at), 0)::bigint as applied from drizzle.__drizzle_migrations`),
      z.object({ applied: z.coerce.number() }),
    );
    return (rows[0]?.applied ?? 0) >= newest;
  } catch {
    return false; // no migration table yet
  }
}
