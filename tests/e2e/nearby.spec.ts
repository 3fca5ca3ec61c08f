import { expect, test, type Locator, type Page } from './fixtures';

// autour-de-moi in Chromium, with the map's style and tiles from tests/e2e/map-server.mjs (the app's
// MAP_STYLE_URL in playwright.config.ts) and the demo's listings.

const mapServer = process.env.E2E_MAP_SERVER!; // playwright.config.ts
const tunis = { latitude: 36.8065, longitude: 10.1815 };

async function tilesServed(page: Page): Promise<number> {
  return ((await (await page.request.get(`${mapServer}/requests`)).json()) as { tiles: number }).tiles;
}

/** The list's count, from its summary line once it reads `pattern` (whose group is the count). */
async function countOf(summary: Locator, pattern: RegExp): Promise<number> {
  await expect(summary).toHaveText(pattern);
  return Number(pattern.exec((await summary.textContent()) ?? '')![1]);
}

/** Each offer's distance in km, as the list writes it ("à 12 km", or "à Tunis" in the city itself). */
async function distances(items: Locator): Promise<number[]> {
  return (await items.locator('article > p:first-child > span:last-child').allTextContents()).map((text) =>
    !/\d\s*km/.test(text) ? 0 : Number(/([\d,]+)\s*km/.exec(text)![1]!.replace(',', '.')),
  );
}

test('at Tunis, with the position shared: the offers nearby on the map and in the list, and the radius and type filters change them', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    geolocation: tunis,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  const tilesBefore = await tilesServed(page);
  const response = await page.goto('/fr/autour-de-moi');
  // Only this page may ask for the position, and fetch from the map's host.
  expect(response!.headers()['permissions-policy']).toContain('geolocation=(self)');
  expect(response!.headers()['content-security-policy']).toContain(`connect-src 'self' ${mapServer}`);

  const results = page.getByRole('region', { name: 'Annonces par distance' });
  const summary = results.locator('p[aria-live]');
  const items = results.getByRole('listitem');
  // The first HTML: the offers around Tunis.
  expect(await countOf(summary, /^Annonces à moins de 50 km de Tunis : (\d+)$/)).toBeGreaterThan(0);

  // The map waits for someone at the page (a pointer that moves), then draws from the local style,
  // whose tiles it asks for.
  await expect(page.getByRole('main').getByText('Chargement de la carte…')).toBeVisible();
  await page.mouse.move(200, 200);
  await expect(page.getByRole('region', { name: 'Carte des annonces' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Annonces ici : \d+$/ }).first()).toBeVisible();
  await expect.poll(() => tilesServed(page)).toBeGreaterThan(tilesBefore);

  await page.getByRole('button', { name: 'Me localiser' }).click();
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText('Annonces autour de votre position.');
  const all = await countOf(summary, /^Annonces à moins de 50 km de votre position : (\d+)$/);
  expect(all).toBeGreaterThan(0);
  await expect(items).toHaveCount(all);
  for (const km of await distances(items)) expect(km).toBeLessThanOrEqual(50);

  // The type filter: parcels only, then trips only.
  const types = page.getByRole('group', { name: 'Annonces' });
  await types.getByText('Colis', { exact: true }).click();
  const parcels = await countOf(summary, /^Colis à moins de 50 km de votre position : (\d+)$/);
  await expect(results.locator('article .badge')).toHaveText(Array(parcels).fill('Colis'));
  await types.getByText('Trajets', { exact: true }).click();
  const trips = await countOf(summary, /^Trajets à moins de 50 km de votre position : (\d+)$/);
  await expect(results.locator('article .badge')).toHaveText(Array(trips).fill('Trajet'));
  expect(parcels).toBeGreaterThan(0);
  expect(trips).toBeGreaterThan(0);
  expect(parcels + trips).toBe(all);

  // The radius: farther towns join at 250 km; at 10 km, none beyond.
  await types.getByText('Tout', { exact: true }).click();
  await page.getByLabel('Rayon').selectOption('250');
  // More than the page shows lie within 250 km: the nearest are listed, and the summary says so.
  const wide = await countOf(
    summary,
    /^Annonces à moins de 250 km de votre position : (\d+) Seules les \d+ annonces les plus proches sont affichées\.$/,
  );
  expect(wide).toBeGreaterThan(all);
  expect(Math.max(...(await distances(items)))).toBeGreaterThan(50);
  await page.getByLabel('Rayon').selectOption('10');
  await countOf(summary, /^Annonces à moins de 10 km de votre position : (\d+)$/);
  for (const km of await distances(items)) expect(km).toBeLessThanOrEqual(10);

  // A group of markers opens a card whose links lead to the listings.
  await page
    .getByRole('button', { name: /^Annonces ici : \d+$/ })
    .first()
    .click();
  const link = page.getByRole('link', { name: 'Voir l’annonce' }).first();
  await expect(link).toHaveAttribute('href', /^\/fr\/(colis|trajet)\/[\w-]+$/);
  await link.click();
  await expect(page).toHaveURL(/\/fr\/(colis|trajet)\/[\w-]+$/);
  await context.close();
});

test('refused geolocation is explained and a city of the gazetteer takes over (Arabic, on a phone)', async ({
  browser,
}) => {
  // No permission granted: headless Chromium refuses the request, as a visitor who says no.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/ar/autour-de-moi');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'حدّد موقعي' }).click();
  await expect(main.getByRole('alert')).toHaveText(
    'لم تسمح بالوصول إلى موقعك: اختر مدينة، أو اسمح بتحديد الموقع من إعدادات المتصفح.',
  );
  const city = main.getByLabel('أو اختر مدينة');
  await expect(city).toBeFocused();
  await city.fill('صفاقس');
  await main.getByRole('button', { name: 'اعرض ما حولها' }).click();
  const results = page.getByRole('region', { name: 'الإعلانات حسب المسافة' });
  const count = await countOf(results.locator('p[aria-live]'), /^الإعلانات في نطاق 50 كم من صفاقس: (\d+)$/);
  expect(count).toBeGreaterThan(0);
  await expect(results.getByRole('listitem').first().getByRole('heading')).toContainText('صفاقس');
  await context.close();
});
