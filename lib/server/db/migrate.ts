import 'server-only';
import path from 'node:path';
import { type MigrationTarget, withDeployLock } from './client';

export const migrationsFolder = path.join(process.cwd(), 'lib', 'server', 'db', 'migrations');

/** Applies the committed migrations (drizzle-kit generate) that the database lacks, under the deploy lock. */
export function migrateDb(): Promise<void> {
  return withDeployLock(applyMigrations);
}

/** The migrations, on the connection that holds the deploy lock (./prepare.ts seeds under the same lock). */
export async function applyMigrations(target: MigrationTarget): Promise<void> {
  if (target.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(target.native, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(target.native, { migrationsFolder });
  }
  // The job queue's own schema, queues and schedules (pg-boss), current with the code like the tables.
  const { installJobs } = await import('@/lib/server/jobs/queue');
  await installJobs();
}
