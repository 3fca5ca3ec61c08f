import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb } from './db/client';
import { rateLimits } from './db/schema';
import { readClientAddress } from './client-address.mjs';

/**
 * Counts one attempt for `key` in a fixed window, in the database so that every instance shares it.
 * Returns false when the attempt is over the limit.
 */
export async function allowAttempt(key: string, max: number, windowSeconds: number): Promise<boolean> {
  const db = await getDb();
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: `colibri:${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= max;
}

/** The client's address as the production server established it (./client-address.mjs). */
export function clientIp(headers: Headers): string {
  return readClientAddress(headers);
}
