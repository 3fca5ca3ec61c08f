import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { staticPages } from '@/lib/routes';
import { prefixes } from '@/lib/i18n/locales';

// axe on every page built so far, in every language, at both widths: one test per page, so that a
// busy machine slows each test down without pushing a long loop past its timeout.
const pages = [
  ...staticPages,
  'page-inconnue',
  'colis',
  'trajets',
  'colis?fromCountry=TN&maxWeight=-1',
  'DETAIL',
  'envoyer-colis/tunisie',
  'connexion',
  'inscription',
  'mot-de-passe-oublie',
];

/** A parcel's detail page, found on the list. */
async function detailPath(request: APIRequestContext, prefix: string): Promise<string> {
  const list = await (await request.get(`/${prefix}/colis`)).text();
  return new RegExp(`href="/${prefix}/(colis/[A-Za-z0-9_-]{10,})"`).exec(list)![1]!;
}

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const prefix of prefixes) {
      for (const p of pages) {
        test(`/${prefix}/${p} has no accessibility violations`, async ({ page, request }) => {
          const path = p === 'DETAIL' ? await detailPath(request, prefix) : p;
          await page.goto(path ? `/${prefix}/${path}` : `/${prefix}`);
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
            .analyze();
          expect(results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
        });
      }
    }
  });
}
