#!/usr/bin/env node
// Screenshots of pages at 390 px and 1280 px, to look at what we build:
//   node scripts/screenshots.mjs BASE_URL OUT_DIR PATH... [--full] [--drawer] [--user] [--move] [--sign-in=EMAIL]
// --move: the pointer moves once the page has loaded, as a visitor's does (autour-de-moi loads its map
// then), and the shot waits for the network again.
// --user only fills the browser's session mirror; --sign-in=EMAIL signs a demo account in (password
// demo1234), so that member screens render.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './browser.mjs';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const signInAs = args.find((a) => a.startsWith('--sign-in='))?.slice('--sign-in='.length);
const [base, out, ...paths] = args.filter((a) => !a.startsWith('--'));
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of [390, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    deviceScaleFactor: 1,
  });
  if (flags.has('--user')) {
    await context.addInitScript(() =>
      localStorage.setItem(
        'user',
        JSON.stringify({ id: 'u1', firstname: 'Amira', verifiedPhone: true, unreadMessages: 123 }),
      ),
    );
  }
  if (signInAs) {
    const answer = await context.request.post(new URL('/api/user/v1/auth/sign-in', base).href, {
      data: { email: signInAs, password: 'demo1234' },
    });
    const { data } = await answer.json();
    await context.addInitScript((user) => localStorage.setItem('user', JSON.stringify(user)), data);
  }
  const page = await context.newPage();
  for (const p of paths) {
    await page.goto(new URL(p, base).href, { waitUntil: 'networkidle' });
    if (flags.has('--move')) {
      await page.mouse.move(width / 2, 10);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
    }
    if (flags.has('--drawer') && width === 390) {
      await page
        .getByRole('button', { name: /menu|القائمة/i })
        .first()
        .click();
    }
    const name = `${p.replace(/\//g, '_') || 'root'}-${width}${flags.has('--drawer') ? '-drawer' : ''}${flags.has('--user') ? '-user' : ''}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: flags.has('--full') });
    console.log(path.join(out, name));
  }
  await context.close();
}
await browser.close();
