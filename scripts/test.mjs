#!/usr/bin/env node
// `npm test`: every suite, in order, against real parts; ends with one "N passed, N failed" line.
//   0. static checks: Prettier, ESLint, TypeScript (one count each)
//   1. jest: unit and component tests
//   2. API and service tests (node:test) against embedded PGlite, then against a PostgreSQL 15
//      server that this script starts and stops itself
//   3. Playwright: browser tests in Chromium against the production server (built if needed)
//   (before 3, operations: tests/ops/operations.test.mjs starts the built server on its own PostgreSQL)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuilt } from './build-stamp.mjs';
import { startPostgres } from './postgres.mjs';

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
// connection) runs in the PostgreSQL pass only; alone, such a file starts a server of its own.
const postgresOnly = ['deploy.test.ts', 'listen-reconnect.test.ts'].map((f) => path.join('tests', 'api', f));

function nodeTests(title, tap, files, env) {
  run(
    title,
    'node',
    [
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
    ],
    env,
  );
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

function runApiTests(name, env) {
  const files = name === 'pglite' ? apiTests.filter((f) => !postgresOnly.includes(f)) : apiTests;
  nodeTests(`API and service tests on ${name} (node:test)`, path.join(reports, `${name}.tap`), files, env);
  // Then, in the same DATA_DIR: every endpoint was answered during that run, and each answer matched
  // the OpenAPI document (node sorts the files it is given, so this runs on its own, after them).
  nodeTests(
    `API coverage on ${name}`,
    path.join(reports, `${name}-coverage.tap`),
    [path.join('tests', 'api', 'coverage', 'answers.test.ts')],
    env,
  );
}

const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-pglite-'));
runApiTests('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' });
rmSync(pgliteDir, { recursive: true, force: true });

let postgres;
try {
  postgres = await startPostgres();
} catch (error) {
  console.error('Could not start PostgreSQL:', error);
  totals.failed += 1;
  exitCode = 1;
}
if (postgres) {
  const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-pgdata-'));
  try {
    runApiTests('postgresql', { DATABASE_URL: postgres.url, DATA_DIR: pgDataDir });
  } finally {
    postgres.stop();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}

// The browser tests run against the production build: built here when the sources changed since the
// last build (scripts/build-stamp.mjs), else reused, so that the server's start is not a build.
if (isBuilt()) console.log('\n=== production build: current, reused ===');
else if (run('production build', 'node', ['scripts/build.mjs']) !== 0) totals.failed += 1;

// Operations (issue 20, health, drain, logs, metrics): the production server on its own PostgreSQL,
// stopped for 30 s once, and drained with SIGTERM (about a minute).
nodeTests(
  'operations: health, logs, outage, drain (node:test, production build)',
  path.join(reports, 'operations.tap'),
  [path.join('tests', 'ops', 'operations.test.mjs')],
);

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
