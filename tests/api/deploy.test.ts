// Deploy steps on PostgreSQL (CONTRACT.md "Runtime configuration", SEED): processes that migrate or
// start together on an empty database take the deploy lock one after another, so the migrations are
// applied and the demo seeded once; a server database gets no demo unless SEED=demo. Each case runs
// real processes (`npm run db:migrate`, and what `npm start` runs first) on a database of its own.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { postgresServer } from '../postgres-server';

const root = path.resolve(__dirname, '..', '..');
const journal = JSON.parse(
  readFileSync(path.join(root, 'lib', 'server', 'db', 'migrations', 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };
let server: Awaited<ReturnType<typeof postgresServer>>;

before(async () => {
  server = await postgresServer();
});
after(async () => {
  await server?.stop();
});

/** Runs `args` with tsx as the npm scripts do, on `url`; resolves with its exit code and output. */
function run(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'colibri-deploy-')), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

// What instrumentation.ts runs at an instance's start.
const startSteps = [
  '--eval',
  "require('./lib/server/db/prepare').prepareDatabase().then(() => require('./lib/server/db/client').closeDb())",
];

async function count(url: string, query: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql.unsafe(query);
    return Number(row?.count);
  } finally {
    await sql.end();
  }
}

test('two `npm run db:migrate` at once on an empty database: both succeed, each migration applied once', async () => {
  const url = await server.freshDatabase();
  const runs = await Promise.all([1, 2].map(() => run(['scripts/db.ts', 'migrate'], { DATABASE_URL: url })));
  for (const { code, output } of runs) assert.equal(code, 0, output);
  assert.equal(
    await count(url, 'select count(*) from drizzle.__drizzle_migrations'),
    journal.entries.length,
    'one row per migration',
  );
  assert.equal(await count(url, "select count(*) from pg_tables where tablename = 'packages'"), 1);
});

test('two instances starting at once on an empty database with SEED=demo: migrated and seeded once', async () => {
  const url = await server.freshDatabase();
  const runs = await Promise.all([1, 2].map(() => run(startSteps, { DATABASE_URL: url, SEED: 'demo' })));
  for (const { code, output } of runs) assert.equal(code, 0, output);
  assert.equal(
    runs.filter(({ output }) => output.includes('"msg":"demo data seeded"')).length,
    1,
    runs.map((r) => r.output).join('\n'),
  );
  assert.equal(await count(url, "select count(*) from users where email = 'sender@demo.colibri.tn'"), 1);
  assert.equal(await count(url, 'select count(*) from drizzle.__drizzle_migrations'), journal.entries.length);
});

test('an instance on a server database seeds nothing unless SEED=demo; npm run db:seed asks for it', async () => {
  const url = await server.freshDatabase();
  const start = await run(startSteps, { DATABASE_URL: url, SEED: '' });
  assert.equal(start.code, 0, start.output);
  assert.equal(await count(url, 'select count(*) from users'), 0, 'SEED unset on a server: none');
  assert.equal(await count(url, 'select count(*) from drizzle.__drizzle_migrations'), journal.entries.length);
  const none = await run(['scripts/db.ts', 'seed'], { DATABASE_URL: url, SEED: 'none' });
  assert.equal(none.code, 0, none.output);
  assert.equal(await count(url, 'select count(*) from users'), 0, 'db:seed with SEED=none');
  const seeded = await run(['scripts/db.ts', 'seed'], { DATABASE_URL: url, SEED: '' });
  assert.equal(seeded.code, 0, seeded.output);
  assert.equal(await count(url, "select count(*) from users where email = 'sender@demo.colibri.tn'"), 1);
});
