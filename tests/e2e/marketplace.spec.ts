import { expect, test } from './fixtures';
import { prefixes } from '@/lib/i18n/locales';
import { demo } from './helpers';

const ldTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.+?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!);
    return (data['@graph'] ?? [data]).map((n: { '@type': string }) => n['@type']);
  });

async function firstListingPath(request: import('@playwright/test').APIRequestContext, list: '/fr/colis') {
  const html = await (await request.get(list)).text();
  return /href="(\/fr\/colis\/[A-Za-z0-9_-]{10,})"/.exec(html)![1]!;
}

test.describe('complete in the first HTML (no JavaScript)', () => {
  test('home, lists, a detail page and a landing page carry listings and metadata', async ({ request }) => {
    const home = await (await request.get('/fr')).text();
    expect(home).toContain('Derniers colis publiés');
    expect(home.match(/href="\/fr\/colis\/[A-Za-z0-9_-]{10,}"/g)?.length).toBeGreaterThanOrEqual(6);
    expect(home.match(/href="\/fr\/trajet\/[A-Za-z0-9_-]{10,}"/g)?.length).toBeGreaterThanOrEqual(6);
    expect(ldTypes(home)).toEqual(expect.arrayContaining(['Organization', 'WebSite']));

    for (const list of ['/fr/colis', '/ar/trajets']) {
      const html = await (await request.get(list)).text();
      expect(html.match(/<article/g)?.length).toBe(12);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${list}"`);
      expect(html).toContain('hrefLang="ar-TN"');
      expect(ldTypes(html)).toEqual(['BreadcrumbList', 'ItemList']);
    }

    const detail = await firstListingPath(request, '/fr/colis');
    const page = await request.get(detail);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>Colis de [^<]+ à [^<]+<\/h1>/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${detail}"`);
    expect(html).toMatch(/<meta property="og:image" content="[^"]*opengraph-image/);
    expect(ldTypes(html)).toEqual(['BreadcrumbList', 'Service']);
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const image = await request.get(new URL(og).pathname + new URL(og).search);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    const landing = await (await request.get('/tn/envoyer-colis/france')).text();
    expect(landing).toContain('<html lang="ar-TN" dir="rtl"');
    expect(landing).toMatch(/<h1[^>]*>[^<]*فرانسا/);
    expect(landing.match(/<article/g)?.length).toBeGreaterThanOrEqual(2);
    expect(ldTypes(landing)).toEqual(['BreadcrumbList']);
  });

  test('each landing prefix has its own title, for the nine countries; unknown countries are 404', async ({
    request,
  }) => {
    // 27 pages, each rendered at its first request: a timeout sized to that work on a busy machine.
    test.setTimeout(120_000);
    const titles = new Set<string>();
    for (const prefix of ['transport-colis', 'livraison-colis', 'envoyer-colis'])
      for (const slug of [
        'tunisie',
        'france',
        'italie',
        'maroc',
        'espagne',
        'belgique',
        'algerie',
        'allemagne',
        'suisse',
      ]) {
        const res = await request.get(`/fr/${prefix}/${slug}`);
        expect(res.status(), `${prefix}/${slug}`).toBe(200);
        titles.add(/<title>([^<]+)<\/title>/.exec(await res.text())![1]!);
      }
    expect(titles.size).toBe(27);
    expect((await request.get('/fr/envoyer-colis/narnia')).status()).toBe(404);
  });

  test('the sitemap lists listings and landing pages from the database', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    // The index names the content pages' file and the files read from the database (one for the demo).
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      '<loc>http://localhost:3000/sitemap-pages.xml</loc>',
      '<loc>http://localhost:3000/sitemaps/0.xml</loc>',
    ]);
    expect((await request.get('/sitemaps/1.xml')).status()).toBe(404);
    const xml = await (await request.get('/sitemaps/0.xml')).text();
    expect(xml).toContain('<loc>http://localhost:3000/tn/envoyer-colis/tunisie</loc>');
    expect(xml.match(/<loc>http:\/\/localhost:3000\/fr\/colis\/[^<]+<\/loc>/g)?.length).toBeGreaterThan(40);
    expect(xml).toContain('hreflang="ar-TN"');
    // The home pages read the database, so the build-time sitemap cannot list them.
    for (const prefix of prefixes) expect(xml).toContain(`<loc>http://localhost:3000/${prefix}</loc>`);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="ar-TN" href="http://localhost:3000/tn"/>');
  });
});

test.describe('lists', () => {
  test('filters make a shareable URL and work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/fr/colis');
    await page.getByLabel('Pays de départ').selectOption('TN');
    await page.getByLabel('Pays d’arrivée').selectOption('FR');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/fr\/colis\?.*fromCountry=TN.*toCountry=FR/);
    const routes = await page.locator('article p.text-muted').allTextContents();
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).toBe('Tunisie → France');
    await context.close();
  });

  test('pagination goes forward and back to the first page', async ({ page }) => {
    await page.goto('/fr/trajets');
    const first = await page.locator('article h3').allTextContents();
    await page.getByRole('link', { name: 'Page suivante' }).click();
    await expect(page).toHaveURL(/cursor=/);
    const second = await page.locator('article h3').allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
    await page.getByRole('link', { name: 'Première page' }).click();
    await expect(page.locator('article h3')).toHaveText(first);
  });

  test('a useful empty state', async ({ page }) => {
    await page.goto('/en/colis?fromCountry=CH&toCountry=CH&maxPrice=0.001');
    await expect(page.getByRole('heading', { name: 'No listing matches your search' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See travellers’ trips' })).toHaveAttribute('href', '/en/trajets');
  });

  test('bad filters give a clear message, never a 500', async ({ page }) => {
    for (const [query, message] of [
      ['fromCountry=XX1', 'Pays inconnu.'],
      ['after=2026-12-10&before=2026-12-01', 'La date de début doit précéder la date de fin.'],
      ['maxWeight=-3', 'Le poids doit être supérieur à 0.'],
    ]) {
      const response = await page.goto(`/fr/colis?${query}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(message!);
    }
  });
});

test.describe('detail pages', () => {
  test('a listing that does not exist is a 404', async ({ request }) => {
    expect((await request.get('/fr/colis/doesnotexist123')).status()).toBe(404);
    expect((await request.get('/ar/trajet/doesnotexist123')).status()).toBe(404);
  });

  test('visitors get the "Join to continue" dialog on contact actions', async ({ page, request }) => {
    await page.goto(await firstListingPath(request, '/fr/colis'));
    await page.getByRole('button', { name: 'Proposer un prix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejoignez Colibri pour continuer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      /\/fr\/connexion\?next=%2Ffr%2Fcolis%2F/,
    );
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Envoyer un message' }).click();
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: 'WhatsApp' })).toBeDisabled();
  });

  test('a new listing created through the API shows on the lists and its own page', async ({ page, request }) => {
    await page.goto('/fr/colis');
    await page.goto('/fr');
    // The production server replays the warm list from its page cache (scripts/page-cache.mjs):
    // the write below must purge that copy too.
    await expect
      .poll(async () => (await request.get('/fr/colis')).headers()['x-page-cache'], { timeout: 10_000 })
      .toBe('HIT');
    const signIn = await request.post('/api/user/v1/auth/sign-in', {
      data: { email: demo.sender, password: demo.password },
    });
    expect(signIn.status()).toBe(200);
    const name = `Colis de test ${Date.now()}`;
    const day = 24 * 3600 * 1000;
    const created = await request.post('/api/user/v1/packages', {
      data: {
        name,
        from: { city: 'Sousse' },
        to: { city: 'Genève' },
        startedAt: new Date(Date.now() + day / 2).toISOString(),
        endedAt: new Date(Date.now() + 3 * day).toISOString(),
        weightKg: 3,
        pricePerKg: 30,
        currency: 'TND',
      },
    });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()).data;
    await page.goto('/fr');
    await expect(page.getByText(name)).toBeVisible();
    // The list sorts by departure (the demo's open listings left before today): the newest first here.
    await page.goto('/fr/colis?sort=recent');
    await expect(page.getByText(name)).toBeVisible();
    await page.goto(`/fr/colis/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Colis de Sousse à Genève');
  });
});

test.describe('filtered lists', () => {
  test('a write expires the copy the server keeps: a new listing that matches shows at the next request', async ({
    request,
  }) => {
    // The production server keeps a filtered list under its canonical URL (scripts/page-cache.mjs):
    // the same page for any order of the query's keys, with or without keys the list does not read.
    const list = '/fr/colis?from=Kairouan&to=Lille';
    const name = `Colis filtré ${Date.now()}`;
    // Polled as a pair: another test's write may purge the copy between two requests.
    await expect
      .poll(
        async () => {
          await request.get(list);
          const spelledElse = await request.get('/fr/colis?utm_source=mail&to=Lille&from=Kairouan');
          return spelledElse.headers()['x-page-cache'];
        },
        { timeout: 10_000 },
      )
      .toBe('HIT');
    expect(await (await request.get(list)).text()).not.toContain(name);

    const signIn = await request.post('/api/user/v1/auth/sign-in', {
      data: { email: demo.sender, password: demo.password },
    });
    expect(signIn.status()).toBe(200);
    const day = 24 * 3600 * 1000;
    const created = await request.post('/api/user/v1/packages', {
      data: {
        name,
        from: { city: 'Kairouan' },
        to: { city: 'Lille' },
        startedAt: new Date(Date.now() + day / 2).toISOString(),
        endedAt: new Date(Date.now() + 3 * day).toISOString(),
        weightKg: 2,
        pricePerKg: 25,
        currency: 'TND',
      },
    });
    expect(created.status()).toBe(200);

    const next = await request.get('/fr/colis?to=Lille&from=Kairouan');
    expect(next.status()).toBe(200);
    expect(await next.text()).toContain(name);
    expect(await (await request.get(list)).text()).toContain(name);
  });
});

test.describe('scripts after the first paint (scripts/defer-bootstrap.mjs)', () => {
  test('a page from the cache has no script tag but one inline script, which starts them', async ({ request }) => {
    let html = '';
    await expect
      .poll(
        async () => {
          const response = await request.get('/ar/colis');
          html = await response.text();
          return response.headers()['x-page-cache'];
        },
        { timeout: 10_000 },
      )
      .toBe('HIT');
    expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
    const started: string[] = JSON.parse(
      /<script>\(function\(s\)\{[^<]*first-contentful-paint[^<]*\}\)\((\[[^\]]+\])\)<\/script><\/body>/.exec(html)![1]!,
    );
    expect(started.length).toBeGreaterThan(3);
    for (const source of started) expect(source).toMatch(/^\/_next\/static\/chunks\/[\w-]+\.js$/);
    expect(html).toMatch(/<script src="\/_next\/static\/[^"]+" noModule="">/);
  });

  test('the page comes alive: the router navigates without reloading, no error', async ({ page, request }) => {
    await expect
      .poll(async () => (await request.get('/fr')).headers()['x-page-cache'], { timeout: 10_000 })
      .toBe('HIT');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/fr');
    await page.waitForFunction(() => (window as { next?: { appDir?: boolean } }).next?.appDir === true);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('banner').getByRole('link', { name: 'Colis', exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/colis$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });
});
