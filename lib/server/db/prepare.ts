import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/lib/env';
import { getDb } from './client';
import { migrateDb } from './migrate';
import { users } from './schema';
import { logger } from '../log.mjs';

/** Migrations, then the demo seed when the database has no user and SEED is not `none`. */
export async function prepareDatabase(): Promise<void> {
  await migrateDb();
  if (env.SEED === 'none') return;
  const db = await getDb();
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((row?.count ?? 0) > 0) return;
  const { seedDemo } = await import('./seed');
  const started = Date.now();
  const counts = await seedDemo();
  logger().info({ ms: Date.now() - started, counts }, 'demo data seeded');
}
