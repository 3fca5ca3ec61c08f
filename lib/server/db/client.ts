import 'server-only';
import path from 'node:path';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { ParameterOrJSON, Sql } from 'postgres';
import { env } from '@/lib/env';
import { z } from '@/lib/zod';
import * as schema from './schema';
import { processShared, setProcessShared } from '../process-shared.mjs';

// The only module that knows the driver: embedded PGlite in DATA_DIR by default, a PostgreSQL
// server when DATABASE_URL is set. One connection per process.

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** `db` for queries, the same database as its driver's type (`native`, for its migrator) and client (`raw`). */
type Connection = { db: Db; close: () => Promise<void> } & (
  | { driver: 'postgres'; native: PostgresJsDatabase<typeof schema>; raw: Sql }
  | { driver: 'pglite'; native: PgliteDatabase<typeof schema>; raw: PGliteClient }
);

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR);
}

async function connect(): Promise<Connection> {
  const url = env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    // A stopped server is told within seconds (the API then answers 503), not after postgres.js's
    // 30 s; and after failed attempts the next one waits 1 s at most (postgres.js' own backoff grows
    // to 20 s, which queries wait through, during an outage and after it).
    const client = postgres(url, {
      max: env.DATABASE_POOL,
      connect_timeout: 5,
      backoff: (retries: number) => Math.min(0.1 * retries, 1),
      onnotice: () => {},
    });
    const db = drizzle(client, { schema });
    return {
      db,
      native: db,
      driver: 'postgres',
      close: () => client.end(),
      raw: client,
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = pgliteDir();
  mkdirSync(dir, { recursive: true });
  const client = await openPglite(dir);
  const db = drizzle(client, { schema });
  return {
    db,
    native: db,
    driver: 'pglite',
    close: () => client.close(),
    raw: client,
  };
}

const pgliteDir = () => path.join(dataDir(), 'pglite');

/** PGlite in `dir`, from a dump of its folder when given (lib/server/db/backup.ts). */
async function openPglite(dir: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  // PGlite's contrib extensions are loaded at start; the migrations create them (the nearby index needs cube).
  return PGlite.create(dir, { extensions: { cube }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Whether the embedded database's folder (DATA_DIR/pglite) holds anything. */
export function embeddedDatabaseExists(): boolean {
  return existsSync(pgliteDir()) && readdirSync(pgliteDir()).length > 0;
}

/** Moves the embedded database's folder aside (a forced restore), answering where it went. */
export function setEmbeddedDatabaseAside(stamp: string): string {
  const aside = `${pgliteDir()}.replaced-${stamp}`;
  renameSync(pgliteDir(), aside);
  return aside;
}

/**
 * Writes a dump of PGlite's folder (its `dumpDataDir` tarball) as the embedded database of DATA_DIR,
 * which must be empty, then closes it: the next connection opens it.
 */
export async function loadEmbeddedDatabase(tarball: Blob): Promise<void> {
  if (embeddedDatabaseExists()) throw new Error(`${pgliteDir()} is not empty`);
  mkdirSync(pgliteDir(), { recursive: true });
  const client = await openPglite(pgliteDir(), tarball);
  await client.close();
}

/** The process's connection (lib/server/process-shared.mjs); one that failed to open is tried again at the next call. */
export function connection(): Promise<Connection> {
  return processShared('db', () =>
    connect().catch((error: unknown) => {
      setProcessShared('db', undefined);
      throw error;
    }),
  );
}

export async function getDb(): Promise<Db> {
  return (await connection()).db;
}

const pgliteResult = z.object({ rows: z.array(z.unknown()) });

/** The rows of a `db.execute()` answer, each checked by `row`: postgres.js answers the rows, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown, row: z.ZodType<T>): T[] {
  return z.array(row).parse(Array.isArray(result) ? result : pgliteResult.parse(result).rows);
}

/** Runs SQL text with `$n` parameters; text without parameters may hold several statements. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

// JSON objects go as text (the statements cast them), and undefined as null (postgres.js refuses it).
const param = (v: unknown) =>
  v === undefined
    ? null
    : v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? JSON.stringify(v)
      : v;

type PgliteLike = Pick<PGliteClient, 'query' | 'exec'>;
type PostgresLike = Pick<Sql, 'unsafe'>;

function isDriverClient(client: unknown): client is PgliteLike | PostgresLike {
  return (
    (typeof client === 'object' || typeof client === 'function') &&
    client !== null &&
    ('unsafe' in client || 'query' in client)
  );
}

function executorOver(client: PgliteLike | PostgresLike): SqlExecutor {
  if ('unsafe' in client)
    return {
      executeSql: async (text, values = []) => ({
        rows: [...(await client.unsafe(text, values.map(param) as ParameterOrJSON<never>[]))],
      }),
    };
  return {
    async executeSql(text, values) {
      if (!values?.length) return (await client.exec(text)).at(-1) ?? { rows: [] };
      return client.query(text, values.map(param));
    },
  };
}

/**
 * Raw SQL on the connection of a drizzle database or transaction: a statement run through a
 * transaction's executor commits or rolls back with it (the job queue enqueues so, lib/server/jobs).
 */
export function sqlExecutor(db: Db | Tx): SqlExecutor {
  // Drizzle's session keeps its driver's client without declaring it.
  const session: object = db._.session;
  const client = 'client' in session ? session.client : undefined;
  if (!isDriverClient(client)) throw new Error('no driver client under this database');
  return executorOver(client);
}

/** Raw SQL on the process's own connection (PGlite: the only one there is). */
export async function rawExecutor(): Promise<SqlExecutor> {
  return executorOver((await connection()).raw);
}

/** The database as the migrator of its driver takes it. */
export type MigrationTarget =
  | { driver: 'postgres'; native: PostgresJsDatabase<typeof schema> }
  | { driver: 'pglite'; native: PgliteDatabase<typeof schema> };

/**
 * Runs `work` while this process holds the deploy lock: on PostgreSQL a session advisory lock on a
 * connection of its own (the one `work` migrates through, released on it after), so that instances
 * starting together migrate and seed one after another; on PGlite, one process's database, at once.
 */
export async function withDeployLock<T>(work: (target: MigrationTarget) => Promise<T>): Promise<T> {
  const url = env.DATABASE_URL;
  if (!url) {
    const conn = await connection();
    if (conn.driver !== 'pglite') throw new Error('unreachable: PGlite without DATABASE_URL');
    return work({ driver: 'pglite', native: conn.native });
  }
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${deployLockKey})`;
    try {
      return await work({ driver: 'postgres', native: drizzle(client, { schema }) });
    } finally {
      // Ending the session below releases the lock anyway: a failed unlock must not hide why `work` failed.
      await client`select pg_advisory_unlock(${deployLockKey})`.catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
/** The advisory lock's key: any fixed number, the same in every instance and `npm run db:migrate`. */
const deployLockKey = 436_724_113_020;

/**
 * Registers what must stop before the connection closes: the job runner, whose timers query it.
 * Each runs once, at the next closeDb().
 */
export function beforeCloseDb(stop: () => Promise<void>): void {
  processShared('db-closers', () => new Set<() => Promise<void>>()).add(stop);
}

export async function closeDb(): Promise<void> {
  const closers = processShared('db-closers', () => new Set<() => Promise<void>>());
  for (const stop of [...closers]) {
    closers.delete(stop);
    await stop();
  }
  const current = processShared<Promise<Connection> | undefined>('db', () => undefined);
  setProcessShared('db', undefined);
  if (current) await (await current).close();
}
