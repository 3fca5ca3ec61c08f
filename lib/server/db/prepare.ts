import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/lib/env';
import { getDb, withDeployLock } from './client';
import { applyMigrations } from './migrate';
import { users } from './schema';
import { logger } from '../log.mjs';

/**
 * Migrations, then the demo seed when the database has no user and `seed` (SEED by default: `demo` on
 * the embedded database, `none` on a server) is `demo`; both under the deploy lock, so that
 * instances starting together on an empty database migrate and seed it once.
 */
export async function prepareDatabase(seed: 'demo' | 'none' = env.SEED): Promise<void> {
  await withDeployLock(async (target) => {
    await applyMigrations(target);
    if (seed === 'none') return;
    const db = await getDb();
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    if ((row?.count ?? 0) > 0) return;
    const { seedDemo } = await import('./seed');
    const started = Date.now();
    const counts = await seedDemo();
    logger().info({ ms: Date.now() - started, counts }, 'demo data seeded');
  });
}
