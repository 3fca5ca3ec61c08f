#!/usr/bin/env node
// `npm run lighthouse [-- PATH...]`: Lighthouse (mobile, simulated throttling) on the production
// server in headless Chromium; prints the four scores per page and fails below the targets
// (performance 95, accessibility, best practices and SEO 100). Reports in lighthouse-reports/.
// BASE_URL=http://host:port uses a server that is already running.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './browser.mjs';

const root = path.resolve(import.meta.dirname, '..');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/fr', '/fr/faq', '/ar', '/ar/faq'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

let server;
let base = process.env.BASE_URL;
if (!base) {
  const port = process.env.LIGHTHOUSE_PORT ?? '3200';
  base = `http://localhost:${port}`;
  server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
    detached: true,
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/fr`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
const outDir = path.join(root, 'lighthouse-reports');
mkdirSync(outDir, { recursive: true });
let failed = false;
try {
  for (const p of paths) {
    const url = new URL(p, base).href;
    await fetch(url); // warm the page so the run measures what a visitor gets
    const result = await lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error' });
    const categories = result.lhr.categories;
    const scores = Object.fromEntries(
      Object.keys(targets).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
    );
    const misses = Object.entries(targets).filter(([k, min]) => scores[k] < min);
    if (misses.length) failed = true;
    console.log(
      `${p.padEnd(28)} performance ${scores.performance}  accessibility ${scores.accessibility}  best-practices ${scores['best-practices']}  seo ${scores.seo}` +
        (misses.length ? `   BELOW TARGET: ${misses.map(([k]) => k).join(', ')}` : ''),
    );
    for (const [k] of misses) {
      for (const ref of categories[k].auditRefs) {
        const audit = result.lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          console.log(`    ${k}: ${audit.id} ${audit.displayValue ?? ''} (${audit.score})`);
      }
    }
    writeFileSync(path.join(outDir, `${p.replace(/\//g, '_') || 'root'}.html`), result.report);
  }
} finally {
  await chrome.kill();
  if (server) process.kill(-server.pid, 'SIGTERM');
}
process.exit(failed ? 1 : 0);
