import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { staticPages } from '@/lib/routes';
import { prefixes } from './helpers';

// axe on every page built so far, in every language, at both widths.
for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const prefix of prefixes) {
      test(`/${prefix} pages have no accessibility violations`, async ({ page, request }) => {
        test.setTimeout(150_000);
        const list = await (await request.get(`/${prefix}/colis`)).text();
        const detail = new RegExp(`href="/${prefix}/(colis/[A-Za-z0-9_-]{10,})"`).exec(list)![1]!;
        const pages = [
          ...staticPages,
          'page-inconnue',
          'colis',
          'trajets',
          'colis?fromCountry=TN&maxWeight=-1',
          detail,
          'envoyer-colis/tunisie',
          'connexion',
          'inscription',
          'mot-de-passe-oublie',
        ];
        for (const p of pages) {
          await page.goto(p ? `/${prefix}/${p}` : `/${prefix}`);
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
            .analyze();
          expect(results.violations.map((v) => `${p}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
        }
      });
    }
  });
}
