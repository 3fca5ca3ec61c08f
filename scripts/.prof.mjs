// node scripts/.prof.mjs URL [runs]: CPU profile of a first load at CPU x4, busy spells > 50 ms with top functions
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.mjs';
const url = process.argv[2];
const runs = Number(process.argv[3] ?? 1);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (let r = 0; r < runs; r++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  const idle = (n) => ['(idle)', '(program)'].includes(n.callFrame.functionName);
  // spells: runs of consecutive non-idle samples
  let t = profile.startTime; const spells = []; let cur = null;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const n = nodes.get(profile.samples[i]);
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (idle(n)) { if (cur && t / 1000 - cur.end > 1) { spells.push(cur); cur = null; } continue; }
    if (!cur) cur = { start: t / 1000, end: t / 1000, self: new Map(), roots: new Map(), n: 0 };
    cur.end = t / 1000; cur.n++;
    cur.self.set(name(n), (cur.self.get(name(n)) ?? 0) + dt);
    let id = n.id; const chain = [];
    while (id != null) { chain.push(nodes.get(id)); id = parent.get(id); }
    const top = chain.reverse().filter((x) => x.callFrame.functionName !== '(root)').slice(0, 3).map(name).join(' > ');
    cur.roots.set(top, (cur.roots.get(top) ?? 0) + dt);
  }
  if (cur) spells.push(cur);
  const t0 = spells[0]?.start ?? 0;
  console.log(`run ${r + 1}: ${url}`);
  let tbt = 0;
  for (const s of spells) {
    const d = s.end - s.start;
    if (d > 50) tbt += d - 50;
    if (d < 40) continue;
    console.log(`  spell at ${Math.round(s.start - t0)} ms, ${Math.round(d)} ms`);
    for (const [k, v] of [...s.roots].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`     root ${Math.round(v)} ${k}`);
    for (const [k, v] of [...s.self].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`     self ${Math.round(v)} ${k}`);
  }
  console.log(`  sum(spell-50) ≈ ${Math.round(tbt)} ms`);
  await context.close();
}
await browser.close();
