// Imported first by a test file that must be an install of its own, not the pass's shared database:
// before lib/env.ts reads them, DATA_DIR becomes a new folder and, on a PostgreSQL pass, DATABASE_URL
// a new database on the same server (its S3 variables, when set, stay: one bucket, as for instances).
// `newInstall()` makes another one, for what runs in another process (a restore, a second release).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** The PostgreSQL server of the pass (unset on the PGlite pass). */
export const serverUrl = process.env.DATABASE_URL || undefined;
const made: { dataDir: string; database?: string }[] = [];

/** Runs SQL on the pass's server, synchronously (this runs before any test, outside an event loop turn). */
function onServer(statement: string) {
  execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('postgres')(process.argv[1], { max: 1, onnotice() {} }); s.unsafe(process.argv[2]).finally(() => s.end()).catch((e) => { console.error(e); process.exit(1); })",
      serverUrl!,
      statement,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

export type Install = { dataDir: string; databaseUrl: string; env: Record<string, string> };

/** A new empty install: a data folder and, on a PostgreSQL pass, a database. */
export function newInstall(): Install {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-install-'));
  let databaseUrl = '';
  let database: string | undefined;
  if (serverUrl) {
    database = `colibri_${randomBytes(6).toString('hex')}`;
    onServer(`create database ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  made.push({ dataDir, database });
  return { dataDir, databaseUrl, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } };
}

/** Removes every install made here (call once the app's connection is closed). */
export function removeInstalls() {
  for (const { dataDir, database } of made.splice(0)) {
    rmSync(dataDir, { recursive: true, force: true });
    if (database) onServer(`drop database if exists ${database} with (force)`);
  }
}

/** This process's own install. */
export const thisInstall = newInstall();
Object.assign(process.env, thisInstall.env);
