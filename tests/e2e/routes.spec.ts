import { expect, test, type Page } from './fixtures';

// The front door: the home page's route search (with and without JavaScript, cities however they
// are spelled), the route pages (/{lang}/envoi-colis/{from}/{to}) with their listings, structured
// data and alternates, their place in the sitemap, and the links between listings and routes.

const ar = { from: 'من', to: 'إلى', submit: 'ابحث' };
const fr = { from: 'Départ', to: 'Arrivée', submit: 'Rechercher' };

function search(page: Page) {
  return page.getByRole('region', { name: /Où va votre colis|إلى أين يذهب طردك/ });
}

/** The JSON-LD graph of a page, by type. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as { '@graph'?: Record<string, unknown>[] } & Record<string, unknown>;
    return data['@graph'] ?? [data];
  });
}

test.describe('the home search', () => {
  test('at 390 px in French, a city picked from the suggestions and a misspelled one find the demo’s Paris → Tunis trips', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/fr');
    const form = search(page);
    const from = form.getByRole('textbox', { name: fr.from });
    await from.fill('pari');
    // Reached: the suggestions' module came, the field is a combobox.
    const option = page.getByRole('option', { name: /^Paris, France/ });
    await expect(option).toBeVisible();
    await form.getByRole('combobox', { name: fr.from }).press('ArrowDown');
    await form.getByRole('combobox', { name: fr.from }).press('Enter');
    await expect(form.getByRole('combobox', { name: fr.from })).toHaveValue('Paris');
    await form.getByRole('combobox', { name: fr.to }).fill('Tunsi');
    await expect(page.getByRole('option', { name: /^Tunis, Tunisie/ })).toBeVisible();
    await form.getByRole('combobox', { name: fr.to }).press('Escape');
    await form.getByRole('button', { name: fr.submit }).click();
    await expect(page).toHaveURL(/\/fr\/envoi-colis\/paris\/tunis#trajets$/);
    const trips = page.getByRole('region', { name: 'Voyageurs Paris → Tunis' });
    await expect(trips.getByRole('article').first()).toBeVisible();
    expect(await trips.getByRole('article').count()).toBeGreaterThan(0);
  });

  test('at 390 px in Arabic, the cities typed in Arabic script find the same trips', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ar');
    const form = search(page);
    await form.getByRole('textbox', { name: ar.from }).fill('باريس');
    await form.getByRole('combobox', { name: ar.to }).fill('تونس');
    await expect(page.getByRole('option', { name: /^تونس/ })).toBeVisible();
    await form.getByRole('combobox', { name: ar.to }).press('Escape');
    await form.getByRole('button', { name: ar.submit }).click();
    await expect(page).toHaveURL(/\/ar\/envoi-colis\/paris\/tunis#trajets$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إرسال طرد باريس ← تونس');
    await expect(page.getByRole('region', { name: 'مسافرون باريس ← تونس' }).getByRole('article').first()).toBeVisible();
  });

  test('works without JavaScript: a transliterated city, and a traveller looking for parcels', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/fr');
    const form = search(page);
    await form.getByLabel('je voyage').check();
    await form.getByRole('textbox', { name: fr.from }).fill('Marseile');
    await form.getByRole('textbox', { name: fr.to }).fill('Tunis');
    await form.getByRole('button', { name: fr.submit }).click();
    await expect(page).toHaveURL(/\/fr\/envoi-colis\/marseille\/tunis#colis$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Envoi de colis Marseille → Tunis');
    // With a date: the list of trips, filtered; nothing found, it offers the other way and all dates.
    await page.goto('/fr');
    await search(page).getByRole('textbox', { name: fr.from }).fill('Jerba');
    await search(page).getByRole('textbox', { name: fr.to }).fill('Lyon');
    await search(page).getByLabel('Date (facultatif)').fill('2099-01-02');
    await search(page).getByRole('button', { name: fr.submit }).click();
    await expect(page).toHaveURL(/\/fr\/trajets\?from=Houmt\+Souk\+%28Djerba%29&to=Lyon&after=2099-01-02$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Dans l’autre sens : Lyon → Houmt Souk (Djerba)' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Toutes les dates' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Tout sur le trajet Houmt Souk (Djerba) → Lyon' })).toBeVisible();
    await context.close();
  });
});

test.describe('route pages', () => {
  for (const prefix of ['fr', 'ar'] as const) {
    test(`/${prefix}/envoi-colis/paris/tunis: listings, prices, FAQ, JSON-LD, canonical and hreflang`, async ({
      page,
    }) => {
      const response = await page.goto(`/${prefix}/envoi-colis/paris/tunis`);
      expect(response?.status()).toBe(200);
      const names = prefix === 'fr' ? ['Paris', 'Tunis'] : ['باريس', 'تونس'];
      await expect(page.getByRole('heading', { level: 1 })).toContainText(names[0]!);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(names[1]!);
      await expect(page.locator('article').first()).toBeVisible();
      const html = (await response!.text()).replace(/&amp;/g, '&');
      // Complete in the first HTML: the cards, the prices and the FAQ.
      expect(html).toMatch(/<article/);
      expect(html).not.toMatch(/noindex/);
      for (const hreflang of ['fr', 'en', 'ar-TN', 'ar', 'x-default'])
        expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${hreflang}" href="http://localhost:3000/`));
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/${prefix}/envoi-colis/paris/tunis"/>`);
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/[^"]*opengraph-image/);
      const graph = await jsonLd(page);
      const types = graph.map((node) => node['@type']);
      expect(types).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList', 'FAQPage']));
      const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')!.itemListElement as { item: string }[];
      expect(crumbs.map((c) => c.item)).toEqual([
        `http://localhost:3000/${prefix}`,
        `http://localhost:3000/${prefix}/envoyer-colis/tunisie`,
        `http://localhost:3000/${prefix}/envoi-colis/paris/tunis`,
      ]);
      const items = graph.find((node) => node['@type'] === 'ItemList')!.itemListElement as { url: string }[];
      expect(items.length).toBeGreaterThan(0);
      const faq = graph.find((node) => node['@type'] === 'FAQPage')!.mainEntity as unknown[];
      expect(faq).toHaveLength(4);
      const image = await page.request.get(
        /<meta property="og:image" content="http:\/\/localhost:3000([^"]+)"/.exec(html)![1]!,
      );
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    });
  }

  test('an unknown city is a 404; two cities without listings are a page for visitors, noindex, with an alert', async ({
    page,
    request,
  }) => {
    expect((await request.get('/fr/envoi-colis/narnia/tunis')).status()).toBe(404);
    expect((await request.get('/fr/envoi-colis/tunis/tunis')).status()).toBe(404);
    const response = await page.goto('/fr/envoi-colis/kelibia/rouen');
    expect(response?.status()).toBe(200);
    expect(await response!.text()).toContain('<meta name="robots" content="noindex, follow"/>');
    await expect(page.getByRole('heading', { name: 'Pas encore d’annonce sur ce trajet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alerte voyageurs' })).toBeVisible();
  });

  test('a listing links to its route page, its trail going home → country → route → listing', async ({ page }) => {
    await page.goto('/fr/envoi-colis/paris/tunis');
    const trips = page.getByRole('region', { name: 'Voyageurs Paris → Tunis' });
    await trips.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/fr\/trajet\//);
    const trail = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await expect(trail.getByRole('link')).toHaveText([
      'Accueil',
      'Envoyer un colis destination Tunisie',
      'Paris → Tunis',
    ]);
    await page.getByRole('link', { name: 'Colis et trajets Paris → Tunis' }).click();
    await expect(page).toHaveURL(/\/fr\/envoi-colis\/paris\/tunis$/);
  });

  test('the sitemap index lists the route pages; a country page links to its busiest routes', async ({
    page,
    request,
  }) => {
    const xml = await (await request.get('/sitemaps/0.xml')).text();
    for (const prefix of ['fr', 'en', 'tn', 'ar'])
      expect(xml).toContain(`<loc>http://localhost:3000/${prefix}/envoi-colis/paris/tunis</loc>`);
    expect(xml).toContain('<loc>http://localhost:3000/fr/envoi-colis/tunis/paris</loc>');
    expect(xml).not.toContain('/envoi-colis/kelibia/rouen');
    await page.goto('/fr/envoyer-colis/tunisie');
    const busiest = page.getByRole('navigation', { name: 'Trajets les plus actifs' });
    await expect(busiest.getByRole('link', { name: 'Tunis → Paris' })).toHaveAttribute(
      'href',
      '/fr/envoi-colis/tunis/paris',
    );
  });
});
