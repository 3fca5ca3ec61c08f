// A rolling deploy on PostgreSQL (docs/operations.md "Deploying several instances"; the rule beside
// the migrations, lib/server/db/migrations/README.md): the newest migration is applied by
// `npm run db:migrate` while an instance of the release before it (the code of the last commit whose
// migrations journal lacked it, from git) serves, and that instance keeps answering lists, a listing,
// sign-in and a message, before, during and after. A migration that declares `-- offline: <why>`
// (old instances must stop first) is not held to that; the new release must answer on it, always.
// Both releases run as HTTP servers of their own API route files (./release-server.mjs).
//   node --conditions=react-server --import tsx --test tests/api/rolling-deploy.test.ts
// (alone it starts a PostgreSQL server; in `npm test` it runs in the PostgreSQL pass only)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { postgresServer } from '../postgres-server';

const root = path.resolve(__dirname, '..', '..');
const journalPath = 'lib/server/db/migrations/meta/_journal.json';
type Journal = { entries: { tag: string; when: number }[] };
const entriesOf = (text: string) => (JSON.parse(text) as Journal).entries;
const current = entriesOf(readFileSync(path.join(root, journalPath), 'utf8'));
const newest = current.at(-1)!;
const newestSql = readFileSync(path.join(root, 'lib/server/db/migrations', `${newest.tag}.sql`), 'utf8');
/** `-- offline: <why>` in the migration: the instances of the release before it must stop first. */
const offline = /^\s*--\s*offline:\s*(.+)$/m.exec(newestSql)?.[1];

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });

/**
 * The release before the newest migration: on the first-parent history of the journal, the parent of
 * the oldest commit that already holds as many migrations as the working tree (HEAD when none does).
 */
function previousRelease(): string {
  let oldestWithAll: string | undefined;
  for (const sha of git('log', '--first-parent', '--format=%H', 'HEAD', '--', journalPath)
    .split('\n')
    .filter(Boolean)) {
    if (entriesOf(git('show', `${sha}:${journalPath}`)).length < current.length) break;
    oldestWithAll = sha;
  }
  try {
    return git('rev-parse', '--verify', '--quiet', oldestWithAll ? `${oldestWithAll}^1` : 'HEAD').trim();
  } catch {
    throw new Error(
      `no commit before ${oldestWithAll} in this clone: the deploy test needs the git history (not a shallow clone)`,
    );
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let server: Awaited<ReturnType<typeof postgresServer>>;
let checkout: string;
const children: ChildProcess[] = [];

before(async () => {
  server = await postgresServer();
  // The release before, as its files were (node_modules shared: a release that changed packages
  // would need its own install).
  checkout = mkdtempSync(path.join(os.tmpdir(), 'colibri-release-'));
  execFileSync('sh', ['-c', `git archive ${previousRelease()} | tar -x -C "${checkout}"`], { cwd: root });
  symlinkSync(path.join(root, 'node_modules'), path.join(checkout, 'node_modules'));
});
after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await server?.stop();
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

/** Runs a tsx script in a checkout; resolves with its exit code and output. */
function run(cwd: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', ...args], {
      cwd,
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'colibri-deploy-')),
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A release's API as a server on `url`'s database; resolves once it listens. */
async function startRelease(cwd: string, url: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.join(root, 'tests', 'api', 'release-server.mjs')],
    {
      cwd,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'colibri-deploy-')),
        JOBS: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('listening')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`release server exited ${code}: ${output}`)));
  });
  return { base: `http://127.0.0.1:${port}/api/user/v1`, child, output: () => output };
}

type Answer = { what: string; status: number; text: string; ms: number };

async function ask(base: string, what: string, urlPath: string, init: { body?: unknown; cookie?: string } = {}) {
  const started = Date.now();
  const response = await fetch(base + urlPath, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const answer: Answer & { cookie: string; json: { data?: Record<string, unknown> } | null } = {
    what,
    status: response.status,
    text: await response.text(),
    ms: Date.now() - started,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    json: null,
  };
  try {
    answer.json = JSON.parse(answer.text);
  } catch {}
  return answer;
}

/** Lists, a listing, sign-in and a message on a release: every answer, in order. */
async function round(base: string, label: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  const list = await ask(base, `${label}: list`, '/packages');
  answers.push(list);
  const first = (list.json?.data as { items?: { id: string }[] } | undefined)?.items?.[0]?.id;
  answers.push(await ask(base, `${label}: listing`, `/packages/${first}`));
  answers.push(await ask(base, `${label}: trips`, '/travels'));
  const signedIn = await ask(base, `${label}: sign-in`, '/auth/sign-in', {
    body: { email: 'sender@demo.colibri.tn', password: 'demo1234' },
  });
  answers.push(signedIn);
  const inbox = await ask(base, `${label}: inbox`, '/conversations', { cookie: signedIn.cookie });
  answers.push(inbox);
  const talk = (inbox.json?.data as { items?: { id: string }[] } | undefined)?.items?.[0]?.id;
  answers.push(
    await ask(base, `${label}: message`, `/conversations/${talk}/messages`, {
      cookie: signedIn.cookie,
      body: { body: `Pendant le déploiement (${label})` },
    }),
  );
  return answers;
}

const failed = (answers: Answer[]) =>
  answers.filter((a) => a.status !== 200).map((a) => `${a.what}: ${a.status} ${a.text.slice(0, 300)}`);

test(`the newest migration (${newest.tag}) applied while the release before it serves: it keeps answering`, async () => {
  const url = await server.freshDatabase();
  // The database as the release before left it: its migrations, its demo data.
  const seeded = await run(checkout, ['scripts/db.ts', 'seed'], { DATABASE_URL: url, SEED: 'demo' });
  assert.equal(seeded.code, 0, seeded.output);
  const old = await startRelease(checkout, url);
  const answers = await round(old.base, 'before');
  assert.deepEqual(failed(answers), [], 'the release before answers on its own database');

  // The deploy's first step, from the new release, while the old one keeps serving.
  let migrating = true;
  const migration = run(root, ['scripts/db.ts', 'migrate'], { DATABASE_URL: url }).finally(() => (migrating = false));
  const during: Answer[] = [];
  while (migrating) during.push(...(await round(old.base, 'during')));
  const migrated = await migration;
  assert.equal(migrated.code, 0, migrated.output);
  const afterwards = await round(old.base, 'after');
  const slowest = Math.max(...during.map((a) => a.ms));
  console.log(`[deploy] ${newest.tag}: ${during.length} answers during the migration, slowest ${slowest} ms`);
  if (offline) {
    assert.ok(offline.split(/\s+/).length >= 4, `an offline migration says why: "${offline}"`);
    console.log(
      `[deploy] ${newest.tag} is declared offline (${offline}); the release before failed ${failed(afterwards).length} of ${afterwards.length} answers after it`,
    );
  } else {
    const why = `the release before, while the migration ran; its log: ${old.output().slice(0, 1500)}`;
    assert.deepEqual(failed(during), [], why);
    assert.deepEqual(failed(afterwards), [], 'the release before, after the migration');
    assert.ok(slowest < 10_000, `an answer waited ${slowest} ms during the migration`);
  }

  // The deploy's end: the new release on the migrated database.
  const fresh = await startRelease(root, url);
  assert.deepEqual(failed(await round(fresh.base, 'new release')), [], 'the new release answers');
});
