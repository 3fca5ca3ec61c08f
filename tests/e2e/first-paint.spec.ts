import { expect, test, type Page } from './fixtures';
import { fontMark, fontUrls } from '@/lib/font-loader.mjs';
import { cachedHtml } from './helpers';

// A public page paints from its HTML alone: its stylesheet is written in (scripts/inline-stylesheet.mjs)
// and its typeface is fetched after the page has loaded, for the next pages (lib/font-loader.mjs).

const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);
const fontAttributes = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttributeNames().filter((name) => name.startsWith('data-font-')));

test('a page from the cache carries its stylesheet in its head, and asks for no typeface', async ({ request }) => {
  const html = await cachedHtml(request, '/ar/colis');
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<style data-stylesheet="\/_next\/static\/chunks\/[\w-]+\.css">[^<]*\.container-page/);
  // The link stays for React to find when it hydrates, disabled: neither fetched nor applied.
  const links = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  expect(links).toHaveLength(1);
  expect(links[0]).toContain(' disabled=""');
  expect(html).not.toContain('as="font"');
});

test('a first visit paints in the fallback and fetches the typeface after load; the next pages draw with it', async ({
  page,
  request,
}) => {
  await cachedHtml(request, '/fr');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const stylesheets: string[] = [];
  page.on('request', (request) => request.resourceType() === 'stylesheet' && stylesheets.push(request.url()));
  await page.goto('/fr');
  expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
  expect(await bodyFont(page)).toMatch(/^"Inter Fallback"/);
  expect(await fontAttributes(page)).toEqual([]);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), fontMark(fontUrls.latin)), { timeout: 10_000 })
    .toBe('1');
  const timing = await page.evaluate((url) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!;
    const font = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(url))!;
    return { load: navigation!.loadEventEnd, paint: paint.startTime, font: font.startTime };
  }, fontUrls.latin);
  expect(timing.font).toBeGreaterThan(timing.load);
  expect(timing.font).toBeGreaterThan(timing.paint);
  expect(await bodyFont(page)).toMatch(/^"Inter Fallback"/);
  // Hydrated (the fixture's goto waits for it), React took the disabled link for the stylesheet:
  // it added none and the file was never fetched; the page is styled as before.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  expect(await page.locator('link[rel="stylesheet"]').evaluate((link: HTMLLinkElement) => link.disabled)).toBe(true);
  expect(stylesheets).toEqual([]);
  expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');

  await page.goto('/fr/faq');
  expect(await fontAttributes(page)).toEqual(['data-font-latin']);
  expect(await bodyFont(page)).toMatch(/^Inter,/);
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px Inter')))).toBe(true);

  // An Arabic page: Cairo is not there yet.
  await page.goto('/ar');
  expect(await fontAttributes(page)).toEqual(['data-font-latin']);
  expect(await bodyFont(page)).toMatch(/^"Cairo Fallback"/);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), fontMark(fontUrls.arabic)), { timeout: 10_000 })
    .toBe('1');
  await page.goto('/ar/faq');
  expect(await bodyFont(page)).toMatch(/^Cairo,/);
  expect(errors).toEqual([]);
});

test('a member page runs the font loader under its nonce policy (its hash)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
  await page.goto('/fr/faq');
  await page.evaluate(([key]) => localStorage.setItem(key!, '1'), [fontMark(fontUrls.latin)]);
  const response = await page.goto('/fr/connexion');
  expect(response?.headers()['content-security-policy']).toContain('nonce-');
  expect(await fontAttributes(page)).toEqual(['data-font-latin']);
  expect(await bodyFont(page)).toMatch(/^Inter,/);
  expect(violations).toEqual([]);
});
