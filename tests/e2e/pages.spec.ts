import { expect, test } from './fixtures';
import { nearbyPage, staticPages } from '@/lib/routes';
import { isRtl, localePrefix, locales, prefixes, prefixLocale } from '@/lib/i18n/locales';
import { fontLoader } from '@/lib/font-loader.mjs';

// Every content page (and the map of offers around me) answers 200 in every language, with its own
// title, heading and metadata.
for (const prefix of prefixes) {
  test.describe(`/${prefix}`, () => {
    for (const page of [...staticPages, nearbyPage]) {
      const path = page ? `/${prefix}/${page}` : `/${prefix}`;
      test(`${path} is complete in the first HTML`, async ({ request }) => {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const html = await response.text();
        const locale = prefixLocale(prefix);
        expect(html).toContain(`<html lang="${locale}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}"`);
        const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
        expect(title.length).toBeGreaterThan(10);
        expect(html).toMatch(/<h1[^>]*>[^<]{4,}/);
        expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${path}"`);
        for (const [lang, p] of [...locales.map((l) => [l, localePrefix(l)]), ['x-default', 'fr']]) {
          const alt = page ? `http://localhost:3000/${p}/${page}` : `http://localhost:3000/${p}`;
          expect(html).toContain(`<link rel="alternate" hrefLang="${lang}" href="${alt}"`);
        }
        expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
        expect(html).toContain('<meta property="og:title"');
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
        expect(html).not.toContain('noindex');
        // No typeface before the first paint: the font loader, first in the body, decides (lib/font-loader.mjs).
        expect(html).not.toContain('as="font"');
        expect(html.indexOf(`<script>${fontLoader}</script>`)).toBeGreaterThan(html.indexOf('<body'));
        expect(html.indexOf(`<script>${fontLoader}</script>`)).toBeLessThan(html.indexOf('<header'));
      });
    }
  });
}

test('each page has its own title in a language', async ({ request }) => {
  const titles = new Set<string>();
  for (const page of staticPages) {
    const html = await (await request.get(`/en/${page}`)).text();
    titles.add(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '');
  }
  expect(titles.size).toBe(staticPages.length);
});

// The interface's own text: listings (articles) are people's words, in their own language, and a
// map credits its sources by their names.
const interfaceText = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('article, script, .maplibregl-ctrl-attrib').forEach((el) => el.remove());
    document.documentElement.append(body);
    const text = body.innerText;
    body.remove();
    return text;
  });

// One test per page: each loads three pages, which takes a few seconds on a busy machine.
const frenchWords = /\b(le|les|des|vous|pour|avec|dans|est|une|colis|trajet)\b/gi;
for (const p of [...staticPages, 'colis', 'trajets', nearbyPage, 'envoyer-colis/france']) {
  test(`no Latin words on /tn and /ar, no French on /en: /${p}`, async ({ page }) => {
    for (const prefix of prefixes.filter((x) => isRtl(prefixLocale(x)))) {
      await page.goto(`/${prefix}/${p}`);
      const text = await interfaceText(page);
      // Names that stay as written: the contact address, the language menu, the app stores' own names.
      const latin =
        text.replace(/contact@colibri\.tn|Français|English|Google Play|App Store/g, '').match(/[A-Za-z]{2,}/g) ?? [];
      expect(latin, `/${prefix}/${p}`).toEqual([]);
    }
    await page.goto(`/en/${p}`);
    const english = await interfaceText(page);
    expect(english.replace(/Français/g, '').match(frenchWords) ?? [], `/en/${p}`).toEqual([]);
  });
}

test('FAQ pages carry FAQPage structured data, home carries Organization and WebSite', async ({ request }) => {
  for (const path of ['/fr/faq', '/ar/devenez-transporteur']) {
    const html = await (await request.get(path)).text();
    const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json ?? '{}');
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.length).toBeGreaterThanOrEqual(6);
    expect(data.mainEntity[0].acceptedAnswer.text.length).toBeGreaterThan(20);
  }
  const home = await (await request.get('/en')).text();
  const graph = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(home)?.[1] ?? '{}')['@graph'];
  expect(graph.map((n: { '@type': string }) => n['@type'])).toEqual(['Organization', 'WebSite']);
});

test('terms show their last update in the page language', async ({ page }) => {
  await page.goto('/fr/conditions-generales-utilisation');
  await expect(page.locator('time[datetime="2025-05-29"]')).toHaveText('Dernière mise à jour : 29 mai 2025');
  await page.goto('/tn/conditions-generales-utilisation');
  await expect(page.locator('time[datetime="2025-05-29"]')).toContainText('29 ماي 2025');
  await page.goto('/en/conditions-generales-utilisation');
  await expect(page.locator('time[datetime="2025-05-29"]')).toHaveText('Last updated: 29 May 2025');
});

test('how it works has nine steps', async ({ page }) => {
  await page.goto('/ar/comment-ca-marche');
  await expect(page.locator('main ol > li')).toHaveCount(9);
});

test('robots.txt and the sitemap list the static pages in every language', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  expect(robots).toContain('Disallow: /api/');
  // The Host directive takes a host name, not a URL.
  expect(robots).toMatch(/^Host: localhost:3000$/m);
  expect(robots).not.toMatch(/^Host: .*\/\//m);
  expect(robots.match(/^Sitemap: /gm)).toHaveLength(1);
  const sitemap = await (await request.get('/sitemap-pages.xml')).text();
  for (const prefix of prefixes) expect(sitemap).toContain(`<loc>http://localhost:3000/${prefix}/faq</loc>`);
  expect(sitemap).toContain('hreflang="ar-TN" href="http://localhost:3000/tn/faq"');
  expect(sitemap).not.toContain('mon-dashboard');
  expect(sitemap).not.toContain('ajouter-colis');
});
