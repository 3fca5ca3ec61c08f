// node scripts/.trace.mjs URL [runs] : trace a first load at CPU x4, print long tasks (>40ms) with their breakdown
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.mjs';
const url = process.argv[2];
const runs = Number(process.argv[3] ?? 1);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (let r = 0; r < runs; r++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (process.env.CSS) await page.route(url, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace('</head>', `<style>${process.env.CSS}</style></head>`);
    await route.fulfill({ response: res, body });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'toplevel', 'v8.execute'] }, transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  await cdp.send('Tracing.end');
  await done;
  // main thread: the one with ParseHTML
  const parse = events.filter((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(url))[0];
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid).at(-1);
  const nav = parse;
  const tasks = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  console.log(`run ${r + 1} ${url}  FCP ${fcp ? Math.round((fcp.ts - nav.ts) / 1000) : '?'} ms`);
  let tbt = 0;
  for (const t of tasks) {
    const d = t.dur / 1000;
    if (d < 40) continue;
    const after = fcp && t.ts >= fcp.ts;
    if (after && d > 50) tbt += d - 50;
    const kids = main.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
    const by = new Map();
    for (const k of kids) {
      // count only direct-ish: sum self time by name (approx: top-level children)
      const parentIn = kids.some((p) => p !== k && p.ts <= k.ts && p.ts + p.dur >= k.ts + k.dur && p.dur > k.dur);
      if (parentIn) continue;
      const n = k.name + (k.args?.data?.url ? ' ' + k.args.data.url.split('/').pop().slice(0, 40) : '');
      by.set(n, (by.get(n) ?? 0) + k.dur / 1000);
    }
    console.log(`  task at ${Math.round((t.ts - nav.ts) / 1000)} ms, ${Math.round(d)} ms${after ? '' : ' (before FCP)'}: ` +
      [...by].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round(v)}`).join(', '));
  }
  console.log(`  TBT-like (after FCP) ${Math.round(tbt)} ms`);
  for (const e of events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === parse.pid))
    console.log(`  LCP candidate at ${Math.round((e.ts - nav.ts) / 1000)} ms: ${e.args?.data?.type} size ${e.args?.data?.size} node ${e.args?.data?.nodeId}`);
  for (const e of events.filter((e) => ['firstContentfulPaint','firstPaint'].includes(e.name) && e.pid === parse.pid))
    console.log(`  ${e.name} at ${Math.round((e.ts - nav.ts) / 1000)} ms`);
  for (const e of events.filter((e) => e.name === 'ParseHTML' && e.pid === parse.pid && e.tid === parse.tid))
    console.log(`  ParseHTML at ${Math.round((e.ts - nav.ts) / 1000)} ms dur ${Math.round(e.dur/1000)} lines ${e.args?.beginData?.startLine}-${e.args?.endData?.endLine}`);
  await context.close();
}
await browser.close();
