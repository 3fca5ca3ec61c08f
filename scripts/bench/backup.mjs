#!/usr/bin/env node
// `npm run bench:backup`: times `npm run db:backup` and `npm run db:restore` of a PostgreSQL database
// holding the bench data set (BENCH_DATABASE_URL, filled by scripts/bench/generate.ts: see "How to
// run" in docs/benchmarks.md), the backup written to a local folder, the restore into a new database
// on the same server; with BENCH_PGLITE_DATA_DIR (a DATA_DIR that generate.ts filled), the same on the
// embedded database, restored into a new DATA_DIR. Writes the section "backup" of docs/benchmarks.md.
//   BENCH_DATABASE_URL=postgres://…/bench [BENCH_PGLITE_DATA_DIR=…] npm run bench:backup
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { writeSection } from './sections.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('BENCH_DATABASE_URL: a PostgreSQL database with the bench data set (scripts/bench/generate.ts)');
  process.exit(2);
}
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

async function query(target, text) {
  const sql = postgres(target, { max: 1, onnotice: () => {} });
  try {
    return await sql.unsafe(text);
  } finally {
    await sql.end();
  }
}

/** Runs an npm script of this repository; answers its wall time and output. */
function npm(script, args, env) {
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['run', '-s', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`${script} failed: ${run.stdout}${run.stderr}`);
  return { seconds, output: run.stdout.trim() };
}

/** Backup and restore of the embedded database in `from` (PGlite's dump of its folder), as Markdown. */
async function timePglite(from) {
  const to = mkdtempSync(path.join(os.tmpdir(), 'colibri-bench-pglite-'));
  try {
    const before = load();
    const backup = npm('db:backup', [], { DATABASE_URL: '', DATA_DIR: from });
    const name = backup.output.split('\n').at(-1);
    const file = path.join(from, 'backups', name);
    const restore = npm('db:restore', [file], { DATABASE_URL: '', DATA_DIR: to });
    const after = load();
    const size = (dir) => execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0];
    rmSync(file, { force: true });
    rmSync(`${file}.sha256`, { force: true });
    return `
On the embedded database (PGlite), the bench's own data set of ${process.env.BENCH_PGLITE_LISTINGS ?? '100,000'} listings (${size(path.join(from, 'pglite'))} MB folder), load average ${before} before, ${after} after. PGlite's dump is made and read whole in memory:

| step | wall time | size |
| --- | --- | --- |
| \`npm run db:backup\` (PGlite \`dumpDataDir\`, gzip) | ${backup.seconds.toFixed(1)} s | dump ${(Number(backup.output.match(/(\d+) bytes/)?.[1] ?? 0) / 1024 / 1024).toFixed(0)} MB |
| \`npm run db:restore\` into a new \`DATA_DIR\` | ${restore.seconds.toFixed(1)} s | folder ${size(path.join(to, 'pglite'))} MB |
`;
  } finally {
    rmSync(to, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-bench-backup-'));
const restored = `bench_restored_${Date.now()}`;
const target = new URL(url);
target.pathname = `/${restored}`;
try {
  const [{ listings, users, bytes, version }] = await query(
    url,
    `select (select count(*) from packages) + (select count(*) from travels) as listings,
            (select count(*) from users) as users, pg_database_size(current_database()) as bytes,
            current_setting('server_version') as version`,
  );
  const loadBefore = load();
  const backup = npm('db:backup', [], { DATABASE_URL: url, DATA_DIR: dataDir });
  const loadAfterBackup = load();
  const name = backup.output.split('\n').at(-1);
  const dumpBytes = statSync(path.join(dataDir, 'backups', name)).size;
  await query(url, `create database ${restored}`);
  const loadBeforeRestore = load();
  const restore = npm('db:restore', [name], { DATABASE_URL: target.toString(), DATA_DIR: dataDir });
  const loadAfterRestore = load();
  const [{ back, restoredBytes }] = await query(
    target.toString(),
    `select (select count(*) from packages) + (select count(*) from travels) as back,
            pg_database_size(current_database()) as "restoredBytes"`,
  );
  if (Number(back) !== Number(listings)) throw new Error(`restored ${back} listings of ${listings}`);
  const mb = (n) => `${(Number(n) / 1024 / 1024).toFixed(0)} MB`;
  const cpu = os.cpus();
  const pgDump = execFileSync(
    spawnSync('/usr/lib/postgresql/15/bin/pg_dump', ['--version']).status === 0
      ? '/usr/lib/postgresql/15/bin/pg_dump'
      : 'pg_dump',
    ['--version'],
    { encoding: 'utf8' },
  ).trim();
  const pglite = process.env.BENCH_PGLITE_DATA_DIR ? await timePglite(process.env.BENCH_PGLITE_DATA_DIR) : '';
  const body = `## Backup and restore (PostgreSQL)

Produced by \`npm run bench:backup\` (scripts/bench/backup.mjs); run it again rather than edit this section.

- Date: ${new Date().toISOString()}; machine: ${cpu[0]?.model.split(' ').slice(0, 2).join(' ')} × ${cpu.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}; other processes share this machine: load average (1, 5, 15 min) ${loadBefore} before the backup, ${loadAfterBackup} after it, ${loadBeforeRestore} before the restore, ${loadAfterRestore} after it
- Database: ${Number(listings).toLocaleString('en')} listings and ${Number(users).toLocaleString('en')} users (scripts/bench/generate.ts), ${mb(bytes)} on disk, PostgreSQL ${version} on the same machine (fsync off, as the test servers run); ${pgDump}
- Backup: \`npm run db:backup\`, \`pg_dump --format=custom\` streamed to \`DATA_DIR/backups\` with its sha256 (S3 is the same stream, uploaded in parts)
- Restore: \`npm run db:restore <name>\` into a new empty database on the same server: the checksum read first, \`pg_restore --single-transaction\` (one process), then \`ANALYZE\`; every listing counted back

| step | wall time | size |
| --- | --- | --- |
| \`npm run db:backup\` (process start included) | ${backup.seconds.toFixed(1)} s | dump ${mb(dumpBytes)} |
| \`npm run db:restore\` (process start included) | ${restore.seconds.toFixed(1)} s | restored database ${mb(restoredBytes)} |

So a restore takes about ${((restore.seconds / Number(listings)) * 1e6).toFixed(0)} s per million listings on this machine. The restored database is smaller than the original: its tables and indexes are freshly written.
${pglite}`;
  await writeSection('backup', body);
  console.log(body);
} finally {
  await query(url, `drop database if exists ${restored} with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
