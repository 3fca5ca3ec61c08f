import 'server-only';
import path from 'node:path';
import { connection } from './client';

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
