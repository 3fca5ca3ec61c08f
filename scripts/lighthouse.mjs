#!/usr/bin/env node
// `npm run lighthouse [-- PATH...]`: Lighthouse (mobile) on the production server in headless
// Chromium, under both throttling methods: simulated (Lighthouse's default: a fast load, then a
// model of a slow phone) and applied (`devtools`: the network and the CPU really slowed). Each page
// is measured beside a bare Next 16 page (../shared/tools/floor-app) in the same run, since one
// score alone moves by 10-20 points on a shared machine: the page and the floor RUNS times in turn
// (default 3). Prints, per page and method, the medians of performance, LCP and TBT beside the
// floor's, the other three scores, in how many runs the counting script loaded and sent its view
// (the beacon), and the main thread's work by kind beside the floor's. Fails when
// performance is more than 5 points under the floor's, TBT over 1.5x the floor's, LCP over 1.5x the
// floor's under applied throttling or 1.25x under simulated, or accessibility, best practices or SEO
// under 100. Reports (HTML, and summary.json with every median) in lighthouse-reports/.
// Default pages: /fr, /ar, /fr/colis, /ar/trajets, the first parcel of /fr/colis, a landing page.
// BASE_URL=http://host:port uses a server that is already running; FLOOR_URL likewise for the floor.
// METHODS=simulate or METHODS=devtools measures one method only.
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './browser.mjs';
import { beaconFile, pageEventsPath } from '../lib/beacon.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 3);
const methods = (process.env.METHODS ?? 'simulate,devtools').split(',').map((m) => m.trim());
for (const method of methods)
  if (!['simulate', 'devtools'].includes(method)) throw new Error(`METHODS: unknown method ${method}`);
const methodNames = { simulate: 'simulated', devtools: 'applied' };
const budget = {
  performanceBelowFloor: 5,
  tbtOverFloor: 1.5,
  lcpOverFloor: { simulate: 1.25, devtools: 1.5 },
};
const perfect = ['accessibility', 'best-practices', 'seo'];
// Lighthouse's `mainthread-work-breakdown` groups (lighthouse/core/lib/tracehouse/task-groups.js).
const workGroups = [
  ['styleLayout', 'style & layout'],
  ['scriptEvaluation', 'script eval'],
  ['scriptParseCompile', 'script parse'],
  ['parseHTML', 'parse HTML & CSS'],
  ['paintCompositeRender', 'rendering'],
  ['garbageCollection', 'GC'],
  ['other', 'other'],
];

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

/** A parcel's page: the first card of /fr/colis on the running server. */
async function parcelPath() {
  const html = await (await fetch(new URL('/fr/colis', base))).text();
  const found = [...html.matchAll(/href="(\/fr\/colis\/[^"/?#]+)"/g)]
    .map((m) => m[1])
    .find((p) => !p.endsWith('/resultats'));
  if (!found) throw new Error('no parcel on /fr/colis: seed the database or name the pages');
  return found;
}

const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/fr', '/ar', '/fr/colis', '/ar/trajets', await parcelPath(), '/fr/envoyer-colis/tunisie'];

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

async function measure(url, method, reportName) {
  let result;
  // A run whose trace Lighthouse could not record (NO_NAVSTART, now and then here) scores nothing:
  // it is run again rather than counted as a zero.
  for (let attempt = 1; attempt <= 3; attempt++) {
    result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      clearStorageTypes,
      throttlingMethod: method,
    });
    if (!result.lhr.runtimeError) break;
    console.warn(`${url} (${methodNames[method]}): ${result.lhr.runtimeError.code} (attempt ${attempt} of 3)`);
  }
  const shift = result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
  if (shift > 0.05) {
    const moved = result.lhr.audits['layout-shifts']?.details?.items?.map((item) => item.node?.snippet) ?? [];
    console.warn(`${url} (${methodNames[method]}): layout shift ${shift.toFixed(3)} (${moved.join(' ')})`);
  }
  const { categories, audits } = result.lhr;
  if (reportName) writeFileSync(path.join(outDir, `${reportName}.html`), result.report);
  const work = Object.fromEntries(workGroups.map(([group]) => [group, 0]));
  for (const item of audits['mainthread-work-breakdown']?.details?.items ?? []) work[item.group] = item.duration;
  // The counting's script and the view it sends, when Lighthouse saw them before it stopped.
  const requested = (audits['network-requests']?.details?.items ?? []).map((item) => new URL(item.url).pathname);
  return {
    beacon: requested.includes(beaconFile) && requested.includes(pageEventsPath),
    performance: Math.round(categories.performance.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    work,
    domSize: audits['dom-size']?.numericValue,
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
  work: Object.fromEntries(workGroups.map(([group]) => [group, median(samples.map((s) => s.work[group]))])),
  domSize: median(samples.map((s) => s.domSize ?? 0)),
  all: samples.map((s) => s.performance).join('/'),
  beacon: `${samples.filter((s) => s.beacon).length}/${samples.length}`,
  scores: Object.fromEntries(perfect.map((k) => [k, Math.min(...samples.map((s) => s.scores[k]))])),
  misses: [...new Set(samples.flatMap((s) => s.misses))],
});

let failed = false;
const rows = [];
try {
  for (const p of paths) {
    const url = new URL(p, base).href;
    await fetch(url); // warm the page so the runs measure what a visitor gets
    for (const method of methods) {
      const samples = [];
      const floorSamples = [];
      for (let i = 0; i < runs; i++) {
        // In turn, so that a busy spell of the machine falls on both.
        const name = `${p.replace(/\//g, '_') || 'root'}-${methodNames[method]}`;
        samples.push(await measure(url, method, i === 0 ? name : undefined));
        floorSamples.push(await measure(floor, method));
      }
      rows.push({ path: p, method, page: summarize(samples), floor: summarize(floorSamples) });
    }
  }

  const pad = (s, n) => String(s).padEnd(n);
  const col = Math.max(12, ...paths.map((p) => p.length + 2));
  const ms = (v) => `${Math.round(v)}`;
  const s = (v) => `${(v / 1000).toFixed(2)} s`;
  for (const method of methods) {
    console.log(
      `\n${methodNames[method]} throttling (${method})\n` +
        `${pad('page', col)}${pad('perf (runs)', 16)}${pad('floor', 14)}${pad('LCP', 9)}${pad('floor', 9)}${pad('TBT', 9)}${pad('floor', 9)}${pad('beacon', 8)}a11y/bp/seo`,
    );
    for (const row of rows.filter((r) => r.method === method)) {
      const { page, floor: f } = row;
      const problems = [
        ...perfect.filter((k) => page.scores[k] < 100).map((k) => `${k} ${page.scores[k]}`),
        ...(page.performance < f.performance - budget.performanceBelowFloor ? ['performance'] : []),
        ...(page.tbt > f.tbt * budget.tbtOverFloor ? ['TBT'] : []),
        ...(page.lcp > f.lcp * budget.lcpOverFloor[method] ? ['LCP'] : []),
      ];
      row.problems = problems;
      if (problems.length) failed = true;
      console.log(
        `${pad(row.path, col)}${pad(`${page.performance} (${page.all})`, 16)}${pad(`${f.performance} (${f.all})`, 14)}` +
          `${pad(s(page.lcp), 9)}${pad(s(f.lcp), 9)}${pad(`${ms(page.tbt)} ms`, 9)}${pad(`${ms(f.tbt)} ms`, 9)}${pad(page.beacon, 8)}` +
          `${perfect.map((k) => page.scores[k]).join('/')}${problems.length ? `   OVER BUDGET: ${problems.join(', ')}` : ''}`,
      );
      for (const miss of page.misses) console.log(`    ${miss}`);
    }
    console.log(`\nMain thread, ms (${methodNames[method]}): page / floor`);
    console.log(`${pad('page', col)}${workGroups.map(([, label]) => pad(label, 17)).join('')}DOM elements`);
    for (const row of rows.filter((r) => r.method === method)) {
      console.log(
        `${pad(row.path, col)}${workGroups.map(([group]) => pad(`${ms(row.page.work[group])} / ${ms(row.floor.work[group])}`, 17)).join('')}` +
          `${row.page.domSize} / ${row.floor.domSize}`,
      );
    }
  }
  console.log(
    `\nMedians of ${runs} runs, each beside a run of the floor app. Budget: performance at most ${budget.performanceBelowFloor} under the floor's, ` +
      `TBT at most ${budget.tbtOverFloor}x the floor's, LCP at most ${budget.lcpOverFloor.devtools}x the floor's (applied) or ` +
      `${budget.lcpOverFloor.simulate}x (simulated), the other scores 100.`,
  );
  writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ runs, base, floor, rows }, null, 2));
} finally {
  await chrome.kill();
  for (const stop of stops) {
    try {
      stop();
    } catch {}
  }
}
process.exit(failed ? 1 : 0);
