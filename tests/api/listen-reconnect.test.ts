// An instance's LISTEN connection on PostgreSQL (lib/server/events/hub.ts), cut by the server
// (pg_terminate_backend, as a failover or a proxy's idle cut would): when it comes back, the instance
// may have missed other instances' listing writes, so it drops its page cache (`listings-changed`
// with `missed`) and asks itself to expire every listing page of its Next cache. That call goes to
// PORT, where this test listens in the app's place.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { postgresServer } from '../postgres-server';

let server: Awaited<ReturnType<typeof postgresServer>>;
let sql: postgres.Sql;
let app: http.Server;
/** The bodies of the calls the instance made to itself. */
const selfCalls: unknown[] = [];
const events: Record<string, unknown>[] = [];
let closeDb: () => Promise<void>;

async function until(what: string, ok: () => boolean, timeoutMs = 15_000) {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > timeoutMs) assert.fail(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

before(async () => {
  server = await postgresServer();
  const url = await server.freshDatabase();
  sql = postgres(url, { max: 1, onnotice: () => {} });
  app = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/api/internal/listings-changed') selfCalls.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  // The configuration is read when lib/env.ts is first imported: set it first.
  Object.assign(process.env, {
    DATABASE_URL: url,
    PORT: String((app.address() as AddressInfo).port),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'colibri-listen-')),
    SEED: 'none',
  });
  const { migrateDb } = await import('@/lib/server/db/migrate');
  ({ closeDb } = await import('@/lib/server/db/client'));
  await migrateDb();
  const { eventBus } = await import('@/lib/server/events/bus.mjs');
  eventBus().on('listings-changed', (event: Record<string, unknown>) => events.push(event));
  const { liveHub } = await import('@/lib/server/events/hub');
  await liveHub().start();
});

after(async () => {
  await closeDb?.();
  await sql?.end();
  await new Promise((resolve) => app?.close(resolve));
  await server?.stop();
});

const notify = (id: string) =>
  sql`select pg_notify('colibri_listings', ${JSON.stringify({ from: 'another-instance', kind: 'package', id })})`;

test('after its LISTEN connection is cut and comes back, an instance drops every cached listing page', async () => {
  await notify('before');
  await until('notification', () => events.length === 1);
  assert.deepEqual([...events], [{ kind: 'package', id: 'before', remote: true }]);
  await until('call to itself', () => selfCalls.length === 1);
  assert.deepEqual([...selfCalls], [{ kind: 'package', id: 'before' }], 'the first LISTEN purged nothing');

  const listeners = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity
    where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`;
  assert.equal(listeners.length, 1, 'one LISTEN connection per instance');
  await sql`select pg_terminate_backend(${listeners[0]!.pid})`;

  await until('purge after the reconnect', () => events.some((event) => event.missed === true));
  assert.deepEqual(events.at(-1), { missed: true, remote: true });
  await until('expiry of every listing page', () => selfCalls.length === 2);
  assert.deepEqual(selfCalls[1], { missed: true });

  // Listening again: another instance's write reaches this one.
  await notify('after');
  await until('notification after the reconnect', () => events.some((event) => event.id === 'after'));
  assert.equal(events.filter((event) => event.missed).length, 1, 'one purge per reconnect');
});
