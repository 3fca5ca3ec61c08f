#!/usr/bin/env node
// `npm test`: every suite, in order, against real parts; ends with one "N passed, N failed" line.
//   1. jest: unit and component tests
//   2. Playwright: browser tests in Chromium against the production server (built if needed)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

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

const e2eReport = path.join(reports, 'playwright.json');
run('browser tests (Playwright, Chromium, production build)', 'npx', ['playwright', 'test'], {
  CI: process.env.CI ?? '1',
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
try {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
} catch {
  totals.failed += 1;
}

if (totals.failed && !exitCode) exitCode = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
