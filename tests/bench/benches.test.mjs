// Every bench script at a tiny size (BENCH_TINY, scripts/bench/settings.mjs), so that a change that
// breaks one fails npm test rather than the next `npm run bench`: scripts/bench.mjs whole (listings
// generated and queried on PGlite and a throwaway PostgreSQL, the production server's throughput, live
// messaging on both databases: members signed up, confirmed, signed in and phone-verified through the
// API) and scripts/bench/load.mjs at one low rate. Their figures mean nothing; only that they run.
// Needs the production build (npm test runs it after the build).
//   node --test tests/bench/benches.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

function run(script, env) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 12 * 60_000,
    killSignal: 'SIGKILL',
  });
  return {
    ...result,
    seconds: Math.round((Date.now() - started) / 1000),
    output: `${result.stdout}\n${result.stderr}`,
  };
}

test('npm run bench, tiny: every step runs and the report has each section', { timeout: 13 * 60_000 }, (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'colibri-bench-tiny-'));
  const out = path.join(dir, 'benchmarks.md');
  try {
    const result = run('scripts/bench.mjs', { BENCH_TINY: '1', BENCH_OUT: out });
    t.diagnostic(`scripts/bench.mjs tiny: ${result.seconds} s`);
    assert.equal(result.status, 0, result.output.slice(-4000));
    assert.doesNotMatch(result.output, /\[bench\] FAILED/);
    const report = readFileSync(out, 'utf8');
    for (const section of ['## List query latency', '## Nearby query latency', '## Live messaging'])
      assert.ok(report.includes(section), section);
    // Live messaging ran on both databases, every message delivered.
    const live = report.slice(report.indexOf('## Live messaging'));
    assert.match(live, /\| PGlite +\|/);
    assert.match(live, /\| PostgreSQL +\|/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm run bench:load, tiny: one low rate passes', { timeout: 13 * 60_000 }, (t) => {
  const result = run('scripts/bench/load.mjs', {
    BENCH_LOAD_RATES: '4',
    BENCH_LOAD_DURATION: '3',
    BENCH_LOAD_MEMBERS: '2',
    BENCH_LOAD_WRITE: '0',
  });
  t.diagnostic(`scripts/bench/load.mjs tiny: ${result.seconds} s`);
  assert.equal(result.status, 0, result.output.slice(-4000));
  assert.match(result.stdout, /\| 4 \| \d+ % \|/);
});
