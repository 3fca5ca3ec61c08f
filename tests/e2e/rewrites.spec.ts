import { test as unhydratedTest, type Page as PlainPage } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { cachedHtml } from './helpers';
import { deferBootstrap } from '@/scripts/defer-bootstrap.mjs';
import { inlineStylesheets } from '@/scripts/inline-stylesheet.mjs';

// The page cache rewrites the HTML Next writes for a public page (scripts/page-cache.mjs): its
// stylesheet goes into its head (scripts/inline-stylesheet.mjs) and its scripts start after the first
// paint (scripts/defer-bootstrap.mjs). Both match Next's exact markup and leave a page alone when it
// differs, so a Next upgrade could turn them off silently: these tests read the build's own HTML.

/** What a browser makes of a page's HTML, read with its own parser (not the rewriters' patterns). */
type Markup = {
  /** The stylesheet links of the head that apply. */
  stylesheets: string[];
  /** The head's disabled stylesheet links: neither fetched nor applied, there for React to find. */
  disabledStylesheets: string[];
  /** The text of the head's <style> elements. */
  styles: string[];
  /** The scripts the document starts by itself as it is parsed (a noModule polyfill does not run). */
  scripts: string[];
  /** Scripts fetched ahead by a preload. */
  preloads: string[];
};

function markup(page: Page, html: string): Promise<Markup> {
  return page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const attributes = (selector: string, name: string, root: ParentNode = doc) =>
      [...root.querySelectorAll(selector)].map((element) => element.getAttribute(name)!);
    return {
      stylesheets: attributes('link[rel~="stylesheet"]:not([disabled])', 'href', doc.head),
      disabledStylesheets: attributes('link[rel~="stylesheet"][disabled]', 'href', doc.head),
      styles: [...doc.head.querySelectorAll('style')].map((style) => style.textContent ?? ''),
      scripts: attributes('script[src]:not([nomodule])', 'src'),
      preloads: attributes('link[rel="preload"][as="script"], link[rel="modulepreload"]', 'href'),
    };
  }, html);
}

/** Next's own answer: the page cache passes a request with a query string through, unrewritten. */
async function nextsHtml(request: APIRequestContext, path: string) {
  const response = await request.get(`${path}?unrewritten`);
  expect(response.status()).toBe(200);
  // From Next's cache, as the page cache gets it.
  expect(response.headers()['x-nextjs-cache']).toBe('HIT');
  expect(response.headers()['x-page-cache']).toBeUndefined();
  return { html: await response.text(), policy: response.headers()['content-security-policy'] };
}

/** The stylesheets whose rules are in none of the head's <style> elements. */
function missingFrom(styles: string[], sheets: Map<string, string>) {
  return [...sheets].filter(([, css]) => !styles.some((style) => style.includes(css))).map(([href]) => href);
}

for (const path of ['/fr/colis', '/ar']) {
  test(`${path}: the rewriters find their markup in Next's HTML, and the cached page is rewritten`, async ({
    page,
    request,
    browser,
  }) => {
    // The cached copy first: Next then answers from its own cache, as it does for the page cache.
    const cached = await markup(page, await cachedHtml(request, path));
    const next = await nextsHtml(request, path);
    const original = await markup(page, next.html);
    expect(original.stylesheets.length).toBeGreaterThan(0);
    expect(original.scripts.length).toBeGreaterThan(0);
    const sheets = new Map<string, string>();
    for (const href of original.stylesheets) {
      const response = await request.get(href);
      expect(response.status()).toBe(200);
      sheets.set(href, await response.text());
    }

    // Each rewriter, run on Next's HTML, takes out all of what it is meant to.
    const inlined = await markup(
      page,
      inlineStylesheets(next.html, (href) => sheets.get(href)),
    );
    expect(inlined.stylesheets).toEqual([]);
    expect(inlined.disabledStylesheets).toEqual(original.stylesheets);
    expect(missingFrom(inlined.styles, sheets)).toEqual([]);
    const deferred = await markup(page, deferBootstrap(next.html, next.policy));
    expect(deferred.scripts).toEqual([]);
    expect(deferred.preloads.filter((href) => original.scripts.includes(href))).toEqual([]);

    // The page cache's copy: the stylesheets' rules in the head, no script that starts before the starter.
    expect(cached.stylesheets).toEqual([]);
    expect(cached.disabledStylesheets).toEqual(original.stylesheets);
    expect(missingFrom(cached.styles, sheets)).toEqual([]);
    expect(cached.scripts).toEqual([]);
    expect(cached.preloads.filter((href) => original.scripts.includes(href))).toEqual([]);

    // In a browser of its own (nothing in its caches): the page paints before any of its scripts is
    // asked for, and then runs every script Next wrote for it; its stylesheet file is never asked for.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    const response = await fresh.goto(path);
    expect(response?.headers()['x-nextjs-cache']).toBe('HIT');
    const timing = await fresh.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      requests: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(timing.paint).toBeGreaterThan(0);
    const requested = (path: string) => timing.requests.filter((request) => request.path === path);
    for (const script of original.scripts) {
      expect(requested(script), script).not.toEqual([]);
      for (const { start } of requested(script)) expect(start, script).toBeGreaterThan(timing.paint!);
    }
    for (const href of original.stylesheets) expect(requested(href), href).toEqual([]);
    await context.close();
  });
}

// Before hydration. The fixtures' `goto` waits for it (tests/e2e/fixtures.ts); these tests hold the
// page's scripts back, so they use Playwright's own `test`, and wait for hydration themselves.

/** Holds every script of the site until `release()`: the page is live HTML, not hydrated. */
async function holdScripts(page: PlainPage) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route('**/_next/static/**/*.js', async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await gate;
    // The page may have gone meanwhile (a click navigated).
    await route.continue().catch(() => {});
  });
  return { held, release };
}

/** Console errors and uncaught exceptions of the page. */
function errorsOf(page: PlainPage) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

const hydrated = (page: PlainPage) => page.locator('html[data-hydrated]');

/** Opens `path` from the page cache with its scripts held, once it has asked for them. */
async function openHeld(page: PlainPage, path: string) {
  // Next's cache and the page cache warm: the copy is the rewritten one.
  await cachedHtml(page.request, path);
  const scripts = await holdScripts(page);
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(response?.headers()['x-nextjs-cache']).toBe('HIT');
  // The starter has asked for the scripts after the paint; none has run.
  await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
  await expect(hydrated(page)).toHaveCount(0);
  return scripts;
}

unhydratedTest.describe('before hydration, 390 px', () => {
  unhydratedTest.use({ viewport: { width: 390, height: 844 } });

  unhydratedTest('the filter toggle unfolds the filters; once hydrated it still folds them', async ({ page }) => {
    const errors = errorsOf(page);
    const { release } = await openHeld(page, '/fr/colis');
    const main = page.getByRole('main');
    const toggle = main.locator('summary', { hasText: /^Filtres$/ });
    const from = main.getByLabel('Ville de départ');
    // Styled from the HTML alone: the fold's summary is shown, its form hidden.
    await expect(from).toBeHidden();
    await toggle.click();
    await expect(from).toBeVisible();
    await expect(hydrated(page)).toHaveCount(0);

    release();
    await expect(hydrated(page)).toHaveCount(1);
    await expect(from).toBeVisible();
    await toggle.click();
    await expect(from).toBeHidden();
    await toggle.click();
    await from.fill('Tunis');
    await main.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/fr\/colis\?from=Tunis(&|$)/);
    expect(errors).toEqual([]);
  });

  unhydratedTest('a listing card opens its listing; once hydrated it still does', async ({ page }) => {
    const errors = errorsOf(page);
    const { release } = await openHeld(page, '/fr/colis');
    const card = page.getByRole('main').locator('article').first();
    const href = await card.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/fr\/colis\/[\w-]+$/);
    // Anywhere on the card: its link covers it.
    await card.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hydrated(page)).toHaveCount(0);

    release();
    await expect(hydrated(page)).toHaveCount(1);
    await page.goBack();
    await expect(hydrated(page)).toHaveCount(1);
    await page.getByRole('main').locator('article').first().click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  unhydratedTest(
    'the menu button opens the drawer and its links lead on; once hydrated it still does',
    async ({ page }) => {
      const errors = errorsOf(page);
      const { release } = await openHeld(page, '/fr/colis');
      const button = page.getByRole('button', { name: 'Ouvrir le menu' });
      const drawer = page.getByRole('dialog', { name: 'Navigation principale' });
      // A popover: the HTML alone opens and closes it (components/layout/mobile-drawer.tsx).
      await expect(drawer).toBeHidden();
      await button.click();
      await expect(drawer).toBeVisible();
      await drawer.getByRole('button', { name: 'Fermer le menu' }).click();
      await expect(drawer).toBeHidden();
      await button.click();
      await drawer.getByRole('link', { name: 'Trajets' }).click();
      await expect(page).toHaveURL(/\/fr\/trajets$/);
      await expect(hydrated(page)).toHaveCount(0);

      release();
      await expect(hydrated(page)).toHaveCount(1);
      await button.click();
      await expect(drawer).toBeVisible();
      await drawer.getByRole('link', { name: 'Colis' }).click();
      await expect(page).toHaveURL(/\/fr\/colis$/);
      await expect(drawer).toBeHidden();
      expect(errors).toEqual([]);
    },
  );
});

unhydratedTest.describe('before hydration, 1280 px', () => {
  unhydratedTest.use({ viewport: { width: 1280, height: 900 } });

  unhydratedTest(
    'the language menu opens and leads to the same page in English; once hydrated it still does',
    async ({ page }) => {
      const errors = errorsOf(page);
      const { release } = await openHeld(page, '/fr/colis');
      const banner = page.getByRole('banner');
      const summary = banner.locator('summary[aria-label^="Langue"]');
      const english = banner.getByRole('link', { name: 'English' });
      await expect(english).toBeHidden();
      await summary.click();
      await expect(english).toBeVisible();
      await expect(hydrated(page)).toHaveCount(0);
      await english.click();
      await expect(page).toHaveURL(/\/en\/colis$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/parcel/i);
      await expect(hydrated(page)).toHaveCount(0);

      release();
      await expect(hydrated(page)).toHaveCount(1);
      await banner.locator('summary[aria-label^="Language"]').click();
      await banner.getByRole('link', { name: 'Français' }).click();
      await expect(page).toHaveURL(/\/fr\/colis$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/colis/i);
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18next')?.value).toBe('fr');
      expect(errors).toEqual([]);
    },
  );
});

// A list's first paint waits for its first card (components/listings/listing-card.tsx): React must
// keep putting the render-blocking link in the head, and the card must carry its id (a list, and a
// landing page, whose first list is at its top).
for (const path of ['/fr/colis', '/fr/envoyer-colis/tunisie'])
  test(`${path}, cached, holds its first paint until its first card is parsed`, async ({ page, request }) => {
    const html = await cachedHtml(request, path);
    const found = await page.evaluate((html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const link = doc.head.querySelector('link[rel="expect"][blocking="render"]');
      const target = link ? doc.getElementById(link.getAttribute('href')!.slice(1)) : null;
      return {
        link: Boolean(link),
        firstCard: target === doc.querySelector('main ul > li') && Boolean(target?.querySelector('img')),
      };
    }, html);
    expect(found).toEqual({ link: true, firstCard: true });
  });
