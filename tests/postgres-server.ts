// A PostgreSQL server for tests that need one whatever the pass: the one of DATABASE_URL (the
// PostgreSQL pass of scripts/test.mjs), else a throwaway server (scripts/postgres.mjs). `freshDatabase`
// makes an empty database on it, for a test that must start from nothing.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { startPostgres } from '../scripts/postgres.mjs';

export async function postgresServer(): Promise<{
  url: string;
  freshDatabase: () => Promise<string>;
  stop: () => Promise<void>;
}> {
  const started = process.env.DATABASE_URL ? undefined : await startPostgres();
  const url = process.env.DATABASE_URL || started!.url;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const made: string[] = [];
  return {
    url,
    async freshDatabase() {
      const name = `colibri_${randomBytes(6).toString('hex')}`;
      await admin.unsafe(`create database ${name}`);
      made.push(name);
      const fresh = new URL(url);
      fresh.pathname = `/${name}`;
      return fresh.toString();
    },
    async stop() {
      for (const name of made) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      started?.stop();
    },
  };
}
