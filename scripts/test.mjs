#!/usr/bin/env node
// `npm test`: every suite, in order, against real parts; ends with one "N passed, N failed" line.
//   0. static checks: Prettier, ESLint, TypeScript (one count each)
//   1. jest: unit and component tests
//   2. API and service tests (node:test) against embedded PGlite with files on the local disk, then
//      against a PostgreSQL 15 server and an S3-compatible server (s3rver) that this script starts
//      and stops itself
//   3. Playwright: browser tests in Chromium against the production server (built if needed)
//   (before 3, operations: tests/ops/operations.test.mjs starts the built server on its own PostgreSQL;
//   beside it, every bench script at a tiny size: tests/bench/benches.test.mjs)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuilt } from './build-stamp.mjs';
import { startPostgres } from './postgres.mjs';
import { startS3Server } from './s3-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = result.status ?? 1;
  return result.status ?? 1;
}

for (const [name, args] of [
  ['formatting (prettier --check)', ['prettier', '--check', '--log-level=warn', '.']],
  ['lint (eslint)', ['eslint', '.']],
  ['types (tsc --noEmit)', ['tsc', '--noEmit']],
]) {
  if (run(name, 'npx', args) === 0) totals.passed += 1;
  else totals.failed += 1;
}

const jestReport = path.join(reports, 'jest.json');
run('unit and component tests (jest)', 'npx', ['jest', '--ci', '--json', `--outputFile=${jestReport}`]);
try {
  const report = JSON.parse(readFileSync(jestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + report.numTodoTests;
} catch {
  totals.failed += 1;
}

const apiTests = readdirSync(path.join(root, 'tests', 'api'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join('tests', 'api', f));
// Deploy steps (issue 20): what only a PostgreSQL server does (the deploy lock, a lost LISTEN
// connection, a rolling deploy with the release before, issue 36) runs in the PostgreSQL pass only;
// alone, such a file starts a server of its own.
const postgresOnly = ['deploy.test.ts', 'listen-reconnect.test.ts', 'rolling-deploy.test.ts'].map((f) =>
  path.join('tests', 'api', f),
);

function nodeTestArgs(tap, files) {
  return [
    '--conditions=react-server',
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files,
  ];
}

function countTap(tap) {
  try {
    const text = readFileSync(tap, 'utf8');
    const count = (label) => Number(new RegExp(`^# ${label} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    totals.passed += count('pass');
    totals.failed += count('fail') + count('cancelled');
    totals.skipped += count('skipped') + count('todo');
  } catch {
    totals.failed += 1;
  }
}

function nodeTests(title, tap, files, env) {
  run(title, 'node', nodeTestArgs(tap, files), env);
  countTap(tap);
}

/** Like run(), without waiting: the output goes to `log`, printed by the caller once it is done. */
function runInBackground(command, args, env, log) {
  return new Promise((resolve) => {
    const out = openSync(log, 'w');
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    child.on('close', (status) => {
      closeSync(out);
      if (status !== 0) exitCode = status ?? 1;
      resolve(status ?? 1);
    });
  });
}

/**
 * One pass of the API and service tests, then (in the same DATA_DIR) the coverage check: every
 * endpoint was answered during that run, and each answer matched the OpenAPI document (node sorts the
 * files it is given, so the check runs on its own, after them). The two passes (PGlite, PostgreSQL)
 * run side by side: each is mostly one process waiting on its database, and the machine has two cores.
 */
async function runApiTests(name, env) {
  const files = name === 'pglite' ? apiTests.filter((f) => !postgresOnly.includes(f)) : apiTests;
  const log = path.join(reports, `${name}.log`);
  const coverageLog = path.join(reports, `${name}-coverage.log`);
  const tap = path.join(reports, `${name}.tap`);
  const coverageTap = path.join(reports, `${name}-coverage.tap`);
  await runInBackground('node', nodeTestArgs(tap, files), env, log);
  const coverage = [path.join('tests', 'api', 'coverage', 'answers.test.ts')];
  await runInBackground('node', nodeTestArgs(coverageTap, coverage), env, coverageLog);
  return () => {
    console.log(`\n=== API and service tests on ${name} (node:test) ===`);
    process.stdout.write(readFileSync(log, 'utf8'));
    countTap(tap);
    console.log(`\n=== API coverage on ${name} ===`);
    process.stdout.write(readFileSync(coverageLog, 'utf8'));
    countTap(coverageTap);
  };
}

const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-pglite-'));
const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-pgdata-'));
let postgres;
let s3;
try {
  postgres = await startPostgres();
  s3 = await startS3Server();
} catch (error) {
  console.error('Could not start PostgreSQL and S3:', error);
  totals.failed += 1;
  exitCode = 1;
}
const started = Date.now();
const passes = [runApiTests('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' })];
// The fuzz test's 2,000 cases run on PGlite; on PostgreSQL, where each costs four times as much, a quarter
// of them (the same endpoints and kinds of input, fewer draws).
if (postgres && s3)
  passes.push(
    runApiTests('postgresql', { DATABASE_URL: postgres.url, DATA_DIR: pgDataDir, FUZZ_RUNS: '500', ...s3.env }),
  );
for (const report of await Promise.all(passes)) report();
console.log(`\n(API passes side by side: ${Math.round((Date.now() - started) / 1000)} s)`);
postgres?.stop();
s3?.stop();
rmSync(pgliteDir, { recursive: true, force: true });
rmSync(pgDataDir, { recursive: true, force: true });

// The browser tests run against the production build: built here when the sources changed since the
// last build (scripts/build-stamp.mjs), else reused, so that the server's start is not a build.
if (isBuilt()) console.log('\n=== production build: current, reused ===');
else if (run('production build', 'node', ['scripts/build.mjs']) !== 0) totals.failed += 1;

// Every bench script at a tiny size (issue 33: a change that breaks one fails here), beside the
// operations test, which mostly waits (an outage, a drain); both are done before the browser tests.
const benchTap = path.join(reports, 'benches.tap');
const benchLog = path.join(reports, 'benches.log');
const benches = runInBackground(
  'node',
  nodeTestArgs(benchTap, [path.join('tests', 'bench', 'benches.test.mjs')]),
  {},
  benchLog,
);

// Operations (issue 20, health, drain, logs, metrics): the production server on its own PostgreSQL,
// stopped for 30 s once, and drained with SIGTERM (about a minute).
nodeTests(
  'operations: health, logs, outage, drain (node:test, production build)',
  path.join(reports, 'operations.tap'),
  [path.join('tests', 'ops', 'operations.test.mjs')],
);

await benches;
console.log('\n=== benches at a tiny size (node:test, production build) ===');
process.stdout.write(readFileSync(benchLog, 'utf8'));
countTap(benchTap);

const e2eReport = path.join(reports, 'playwright.json');
const e2eStatus = run('browser tests (Playwright, Chromium, production build)', 'npx', ['playwright', 'test'], {
  CI: process.env.CI ?? '1',
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
try {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  // A run that could not start its server has no failed test, but it failed.
  totals.failed += stats.unexpected || (e2eStatus !== 0 ? 1 : 0);
  totals.skipped += stats.skipped;
} catch {
  totals.failed += 1;
}

if (totals.failed && !exitCode) exitCode = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
