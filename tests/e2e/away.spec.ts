import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/browser.mjs';
import { expect, test } from './fixtures';
import { demo, signedInState } from './helpers';

// Members who are away (issue 23) in Chromium: every page links its language's web app manifest,
// member pages register the service worker, and a notification's click opens its conversation.

test('/fr and /ar link their manifests: language, direction and start page', async ({ page, request }) => {
  for (const [prefix, lang, dir] of [
    ['fr', 'fr', 'ltr'],
    ['ar', 'ar', 'rtl'],
  ] as const) {
    await page.goto(`/${prefix}`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(`/${prefix}/manifest.webmanifest`);
    const answer = await request.get(href!);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await answer.json();
    expect([manifest.lang, manifest.dir, manifest.start_url, manifest.display]).toEqual([
      lang,
      dir,
      `/${prefix}`,
      'standalone',
    ]);
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
});

test('Chromium finds /fr and /ar installable (its own check, which Lighthouse’s former audit read)', async ({
  baseURL,
}) => {
  // A profile on disk: an incognito context is never installable, whatever the site.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'colibri-install-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    for (const prefix of ['fr', 'ar']) {
      await page.goto(`${baseURL}/${prefix}`);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 20_000 })
        .toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect([new URL(url).pathname, errors]).toEqual([`/${prefix}/manifest.webmanifest`, []]);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a member page registers the service worker; a notification click opens the conversation', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await signedInState(browser, demo.sender) });
  const page = await context.newPage();
  await page.goto('/fr/mon-dashboard');
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL));
  expect(new URL(scriptUrl!).pathname).toBe('/sw.js');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // What the click handler runs with the notification's data (a click cannot be simulated in the worker).
  await worker.evaluate(() => {
    // public/sw.js puts the handler on its global scope; typed as a window here, it is the worker's.
    const scope: typeof self & { openPath?: (path: string) => Promise<unknown> } = self;
    if (!scope.openPath) throw new Error('public/sw.js has no openPath');
    return scope.openPath('/fr/messagerie?conversation=demo');
  });
  await page.waitForURL(/\/fr\/messagerie\?conversation=demo$/);
  await context.close();
});
