// What a refused request must leave as it was: the number of rows of every table of the schema, and
// of stored files. (rate_limits is left out: counting refused requests is its job.)
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { getDb, rowsOf } from '@/lib/server/db/client';
import { listFolder } from '@/lib/server/storage';
import { z } from '@/lib/zod';
import * as schema from '@/lib/server/db/schema';

const countsRefusalsOnPurpose = new Set<string>([getTableName(schema.rateLimits)]);
const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => !countsRefusalsOnPurpose.has(getTableName(table)));

/** Names of the tables counted, for the tests to show what they compare. */
export const countedTables = tables.map(getTableName);

/** Files stored by uploads, public (listing photos) and private (message photos), on disk or in S3. */
async function uploadedFiles(): Promise<number> {
  return (await listFolder(null, 'public')).length + (await listFolder(null, 'private')).length;
}

/** `{ users: 12, sessions: 30, ..., 'uploaded files': 6 }`, in one query. */
export async function rowCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const columns = sql.join(
    tables.map((table) => sql`(select count(*)::int from ${table}) as ${sql.identifier(getTableName(table))}`),
    sql`, `,
  );
  const [row] = rowsOf(await db.execute(sql`select ${columns}`), z.record(z.string(), z.coerce.number()));
  return {
    ...row,
    'uploaded files': await uploadedFiles(),
  };
}
