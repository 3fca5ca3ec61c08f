#!/usr/bin/env node
// `npm run lighthouse [-- PATH...]`: Lighthouse (mobile, simulated throttling) on the production
// server in headless Chromium, each page beside a bare Next 16 page (../shared/tools/floor-app) in
// the same run, since one score alone moves by 10-20 points on a shared machine. Runs each page and
// the floor RUNS times in turn (default 3) and prints the medians of performance, LCP and TBT beside
// the floor's, and the other three scores. Fails when accessibility, best practices or SEO is under
// 100, when performance is more than 5 points under the floor's median, or LCP over 1.25x the
// floor's. Reports in lighthouse-reports/.
// BASE_URL=http://host:port uses a server that is already running; FLOOR_URL likewise for the floor.
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './browser.mjs';

const root = path.resolve(import.meta.dirname, '..');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/fr', '/fr/faq', '/ar', '/ar/faq'];
const runs = Number(process.env.RUNS ?? 3);
const budget = { performanceBelowFloor: 5, lcpOverFloor: 1.25 };
const perfect = ['accessibility', 'best-practices', 'seo'];

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} does not answer`);
}

const stops = [];
let base = process.env.BASE_URL;
if (!base) {
  const port = process.env.LIGHTHOUSE_PORT ?? '3200';
  base = `http://localhost:${port}`;
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
    detached: true,
  });
  stops.push(() => process.kill(-server.pid, 'SIGTERM'));
  await waitFor(`${base}/fr`);
}

let floor = process.env.FLOOR_URL;
if (!floor) {
  const serve = path.resolve(root, '..', 'shared', 'tools', 'floor-app', 'serve.sh');
  if (!existsSync(serve)) throw new Error(`no floor app at ${serve}: set FLOOR_URL`);
  const port = process.env.FLOOR_PORT ?? '3250';
  const out = execFileSync('bash', [serve, port], { encoding: 'utf8' });
  const pid = Number(/pid=(\d+)/.exec(out)?.[1]);
  stops.push(() => process.kill(-pid, 'SIGTERM'));
  floor = `http://localhost:${port}/`;
  await waitFor(floor);
}

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
const outDir = path.join(root, 'lighthouse-reports');
mkdirSync(outDir, { recursive: true });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// A first visit: Lighthouse empties the HTTP cache before each run but keeps the origin's
// localStorage, where a page notes that the browser has fetched its typeface (lib/font-loader.mjs);
// a run after another would then ask for a typeface its emptied cache does not have.
const clearStorageTypes = [...defaultSettings.clearStorageTypes, 'local_storage'];

async function measure(url, reportName) {
  let result;
  // A run whose trace Lighthouse could not record (NO_NAVSTART, now and then here) scores nothing:
  // it is run again rather than counted as a zero.
  for (let attempt = 1; attempt <= 3; attempt++) {
    result = await lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error', clearStorageTypes });
    if (!result.lhr.runtimeError) break;
    console.warn(`${url}: ${result.lhr.runtimeError.code} (attempt ${attempt} of 3)`);
  }
  const shift = result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
  if (shift > 0.05) {
    const moved = result.lhr.audits['layout-shifts']?.details?.items?.map((item) => item.node?.snippet) ?? [];
    console.warn(`${url}: layout shift ${shift.toFixed(3)} (${moved.join(' ')})`);
  }
  const { categories, audits } = result.lhr;
  if (reportName) writeFileSync(path.join(outDir, `${reportName}.html`), result.report);
  return {
    performance: Math.round(categories.performance.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    scores: Object.fromEntries(perfect.map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)])),
    misses: perfect.flatMap((k) =>
      categories[k].auditRefs
        .map((ref) => audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && categories[k].auditRefs.find((r) => r.id === a.id).weight)
        .map((a) => `${k}: ${a.id}`),
    ),
  };
}

const summarize = (samples) => ({
  performance: median(samples.map((s) => s.performance)),
  lcp: median(samples.map((s) => s.lcp)),
  tbt: median(samples.map((s) => s.tbt)),
  all: samples.map((s) => s.performance).join('/'),
});

let failed = false;
const rows = [];
try {
  const floorSamples = [];
  for (const p of paths) {
    const url = new URL(p, base).href;
    await fetch(url); // warm the page so the runs measure what a visitor gets
    const samples = [];
    for (let i = 0; i < runs; i++) {
      // In turn, so that a busy spell of the machine falls on both.
      samples.push(await measure(url, i === 0 ? p.replace(/\//g, '_') || 'root' : undefined));
      floorSamples.push(await measure(floor));
    }
    rows.push({ path: p, samples, floor: summarize(floorSamples.slice(-runs)) });
  }
  const pad = (s, n) => String(s).padEnd(n);
  const ms = (v) => `${(v / 1000).toFixed(2)} s`;
  console.log(
    `\n${pad('page', 30)}${pad('perf (runs)', 16)}${pad('floor', 14)}${pad('LCP', 10)}${pad('floor LCP', 12)}${pad('TBT', 9)}${pad('floor TBT', 11)}a11y/bp/seo`,
  );
  for (const row of rows) {
    const page = summarize(row.samples);
    const scores = row.samples.map((s) => s.scores);
    const worst = Object.fromEntries(perfect.map((k) => [k, Math.min(...scores.map((s) => s[k]))]));
    const problems = [
      ...perfect.filter((k) => worst[k] < 100).map((k) => `${k} ${worst[k]}`),
      ...(page.performance < row.floor.performance - budget.performanceBelowFloor ? ['performance'] : []),
      ...(page.lcp > row.floor.lcp * budget.lcpOverFloor ? ['LCP'] : []),
    ];
    if (problems.length) failed = true;
    console.log(
      `${pad(row.path, 30)}${pad(`${page.performance} (${page.all})`, 16)}${pad(`${row.floor.performance} (${row.floor.all})`, 14)}` +
        `${pad(ms(page.lcp), 10)}${pad(ms(row.floor.lcp), 12)}${pad(`${Math.round(page.tbt)} ms`, 9)}${pad(`${Math.round(row.floor.tbt)} ms`, 11)}` +
        `${perfect.map((k) => worst[k]).join('/')}${problems.length ? `   OVER BUDGET: ${problems.join(', ')}` : ''}`,
    );
    for (const miss of new Set(row.samples.flatMap((s) => s.misses))) console.log(`    ${miss}`);
  }
  console.log(
    `\nMedians of ${runs} runs, each beside a run of the floor app. Budget: performance at most ${budget.performanceBelowFloor} under the floor, LCP at most ${budget.lcpOverFloor}x the floor's, the other scores 100.`,
  );
} finally {
  await chrome.kill();
  for (const stop of stops) {
    try {
      stop();
    } catch {}
  }
}
process.exit(failed ? 1 : 0);
