import 'server-only';
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { childEnvironment, env } from '@/lib/env';
import { z } from '@/lib/zod';
import { getFile, listFolder, putFile, putFileStream, removeFile } from '@/lib/server/storage';
import { closeDb, connection, embeddedDatabaseExists, loadEmbeddedDatabase, setEmbeddedDatabaseAside } from './client';
import { logger } from '../log.mjs';

// Backups of the database (`npm run db:backup`, the daily `backup` job) and their restore
// (`npm run db:restore`). A PostgreSQL server is dumped by pg_dump in its custom format (one
// snapshot: consistent while the app writes); the embedded database by PGlite's own dump of its
// folder (taken between two queries). Each goes to the storage's `backups` area (S3 `backups/`, or
// DATA_DIR/backups) under a name of its time, with a `.sha256` beside it written last: a backup
// without one is incomplete. Stored files (photos) are not in a backup: they stay in the bucket.

const area = 'backups';
const extensions = { postgres: 'pgdump', pglite: 'pglite.tgz' } as const;
const namePattern = /^colibri-(\d{8}T\d{6}Z)\.(pgdump|pglite\.tgz)$/;

export type Backup = { name: string; takenAt: Date; complete: boolean };
export type BackupResult = { name: string; bytes: number; sha256: string; ms: number };

/** `colibri-20261129T021700Z.pgdump`: sorted by name is sorted by time. */
export function backupName(at: Date, driver: keyof typeof extensions): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `colibri-${stamp}.${extensions[driver]}`;
}

function takenAt(name: string): Date | null {
  const stamp = namePattern.exec(name)?.[1];
  if (!stamp) return null;
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(stamp) ?? [];
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/** The stored backups, newest first; `complete` once its checksum is written. */
export async function listBackups(): Promise<Backup[]> {
  const keys = new Set(await listFolder(null, area));
  const backups: Backup[] = [];
  for (const name of keys) {
    const at = takenAt(name);
    if (at) backups.push({ name, takenAt: at, complete: keys.has(`${name}.sha256`) });
  }
  return backups.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** The newest complete backup's time and size, for /metrics (lib/server/metrics.mjs). */
export async function newestBackup(): Promise<{ at: number; bytes: number } | null> {
  const newest = (await listBackups()).find((b) => b.complete);
  if (!newest) return null;
  const file = await getFile(newest.name, { area });
  if (file && 'body' in file) file.body.destroy();
  return { at: newest.takenAt.getTime() / 1000, bytes: file && 'size' in file ? file.size : 0 };
}

/** Counts bytes and hashes them as they pass. */
function digesting() {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/** A PostgreSQL client program, from the newest server binaries installed (it reads older servers too). */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const version of [17, 16, 15]) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  return name;
}

/** libpq's arguments for DATABASE_URL, the password in the environment rather than on the command line. */
function libpqTarget(url: string) {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return { dbname: target.toString(), env: childEnvironment(password ? { PGPASSWORD: password } : {}) };
}

/** Runs a PostgreSQL program; resolves when it exits 0, else rejects with what it wrote on stderr. */
function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string, stdin?: Readable) {
  const { dbname, env: childEnv } = libpqTarget(url);
  const child = spawn(pgTool(name), [...args, '--dbname', dbname], {
    env: childEnv,
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} exited ${code}: ${stderr.trim().slice(0, 2000)}`)),
    );
  });
  const fed = stdin ? pipeline(stdin, child.stdin!) : Promise.resolve();
  return { stdout: child.stdout!, done: Promise.all([exited, fed]).then(() => undefined) };
}

/** Writes a backup of the database to storage; answers its name, size and checksum. */
export async function createBackup(at = new Date()): Promise<BackupResult> {
  const started = Date.now();
  const conn = await connection();
  const name = backupName(at, conn.driver);
  const { tap, result } = digesting();
  if (conn.driver === 'postgres') {
    // --no-owner, --no-privileges: restorable by whichever role owns the new database.
    const dump = runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges'], env.DATABASE_URL!);
    const body = new PassThrough();
    const stored = putFileStream(name, body, { area, contentType: 'application/octet-stream' });
    try {
      await Promise.all([pipeline(dump.stdout, tap, body), dump.done, stored]);
    } catch (error) {
      body.destroy();
      await stored.catch(() => undefined);
      await removeFile(name, area).catch(() => undefined);
      throw error;
    }
  } else {
    // Taken between two queries (PGlite runs one at a time); a write in flight is in its log, replayed at restore.
    const tarball = Buffer.from(await (await conn.raw.dumpDataDir('gzip')).arrayBuffer());
    await pipeline(Readable.from([tarball]), tap, new PassThrough().resume());
    await putFile(name, tarball, { area, contentType: 'application/gzip' });
  }
  const { sha256, bytes } = result();
  // sha256sum's format, so that `sha256sum -c` checks a downloaded copy.
  await putFile(`${name}.sha256`, Buffer.from(`${sha256}  ${name}\n`), { area, contentType: 'text/plain' });
  const ms = Date.now() - started;
  logger().info({ backup: { name, bytes, sha256, ms } }, 'backup written');
  return { name, bytes, sha256, ms };
}

/** UTC day and ISO week of a time, the keys of the retention. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
function weekOf(at: Date) {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7)); // the Thursday of its week
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  return `${d.getUTCFullYear()}-W${1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000))}`;
}

export const backupRetention = { daily: 7, weekly: 4 } as const;

/**
 * Which backups the retention keeps: the newest complete one of each of the 7 newest days that have
 * one, and of each of the 4 newest ISO weeks; an incomplete one while it may still be written (a day).
 */
export function backupsToKeep(backups: Backup[], now = new Date()): Set<string> {
  const keep = new Set<string>();
  const complete = backups.filter((b) => b.complete).sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  for (const [key, count] of [
    [dayOf, backupRetention.daily],
    [weekOf, backupRetention.weekly],
  ] as const) {
    const seen = new Set<string>();
    for (const backup of complete) {
      const period = key(backup.takenAt);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      keep.add(backup.name);
    }
  }
  for (const b of backups) if (!b.complete && now.getTime() - b.takenAt.getTime() < 86_400_000) keep.add(b.name);
  return keep;
}

/** Removes the backups the retention does not keep; answers their names. */
export async function pruneBackups(now = new Date()): Promise<string[]> {
  const backups = await listBackups();
  const keep = backupsToKeep(backups, now);
  const removed: string[] = [];
  for (const { name } of backups) {
    if (keep.has(name)) continue;
    await removeFile(`${name}.sha256`, area);
    await removeFile(name, area);
    removed.push(name);
  }
  if (removed.length) logger().info({ removed }, 'old backups removed');
  return removed;
}

/** The daily `backup` job (lib/server/jobs): a backup, then the retention. */
export async function runDailyBackup(): Promise<void> {
  await createBackup();
  await pruneBackups();
}

/** Where a restore reads from: a stored backup by name, or a file an operator holds (scripts/db.ts opens it). */
export type BackupSource = { name: string; open: () => Promise<Readable>; sha256?: string };

/** A stored backup as a restore's source, with the checksum written beside it. */
export async function storedBackup(name: string): Promise<BackupSource> {
  if (!namePattern.test(name)) throw new Error(`not a backup name: ${name}`);
  const open = async () => {
    const file = await getFile(name, { area });
    if (!file || !('body' in file)) throw new Error(`no backup ${name} in storage`);
    return file.body;
  };
  const sum = await getFile(`${name}.sha256`, { area });
  if (!sum || !('body' in sum)) throw new Error(`backup ${name} is incomplete: no ${name}.sha256`);
  const text = Buffer.concat(await sum.body.toArray()).toString('utf8');
  return {
    name,
    open,
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .parse(text.split(/\s/)[0]),
  };
}

const tableCount = z.object({ n: z.coerce.number() });

/** Tables outside PostgreSQL's own schemas: a database with any is not empty. */
async function postgresTables(url: string): Promise<number> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select count(*)::int as n from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema')`;
    return tableCount.parse(rows[0]).n;
  } finally {
    await sql.end();
  }
}

/** Empties a PostgreSQL database of what a restore brings back (a forced restore). */
async function emptyPostgres(url: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(
      'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema public cascade; create schema public;',
    );
  } finally {
    await sql.end();
  }
}

/**
 * Restores a backup into this configuration's database (DATABASE_URL, or DATA_DIR's embedded one),
 * which must be empty unless `force` (then a server's schemas are dropped first; the embedded folder
 * is moved aside). The checksum is checked before anything is written. Nothing must have the
 * database open: run it before the instances start.
 */
export async function restoreBackup(
  source: BackupSource,
  { force = false }: { force?: boolean } = {},
): Promise<{ ms: number; kept?: string }> {
  const started = Date.now();
  const format =
    namePattern.exec(source.name.replace(/^.*\//, ''))?.[2] ?? (/\.tgz$/.test(source.name) ? 'pglite.tgz' : 'pgdump');
  const url = env.DATABASE_URL;
  if ((format === 'pgdump') !== Boolean(url))
    throw new Error(
      url
        ? `${source.name} is a dump of the embedded database: restore it with DATABASE_URL unset`
        : `${source.name} is a PostgreSQL dump: restore it with DATABASE_URL set`,
    );
  if (source.sha256) {
    const { tap, result } = digesting();
    await pipeline(await source.open(), tap, new PassThrough().resume());
    const { sha256 } = result();
    if (sha256 !== source.sha256) throw new Error(`${source.name}: checksum ${sha256} is not ${source.sha256}`);
  }
  await closeDb();
  let kept: string | undefined;
  if (url) {
    if ((await postgresTables(url)) > 0) {
      if (!force) throw new Error('the database is not empty: restore into an empty one (or --force to replace it)');
      await emptyPostgres(url);
    }
    // One transaction: a restore that fails leaves the database empty, not half filled.
    const restore = runPgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'],
      url,
      await source.open(),
    );
    restore.stdout.resume();
    await restore.done;
    // pg_restore brings no planner statistics back: without them the first queries plan blind.
    const { default: postgres } = await import('postgres');
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql`analyze`.finally(() => sql.end());
  } else {
    if (embeddedDatabaseExists()) {
      if (!force)
        throw new Error('the embedded database is not empty: use a new DATA_DIR (or --force to set it aside)');
      kept = setEmbeddedDatabaseAside(new Date().toISOString().replace(/[-:.]/g, ''));
    }
    const tarball = Buffer.concat(await (await source.open()).toArray());
    await loadEmbeddedDatabase(new Blob([tarball]));
  }
  const ms = Date.now() - started;
  logger().info({ restore: { name: source.name, ms, kept } }, 'backup restored');
  return { ms, kept };
}
