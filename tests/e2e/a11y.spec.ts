import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { staticPages } from '@/lib/routes';
import { prefixes } from './helpers';

// axe on every page built so far, in every language, at both widths.
for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const prefix of prefixes) {
      test(`/${prefix} pages have no accessibility violations`, async ({ page }) => {
        test.setTimeout(90_000);
        for (const p of [...staticPages, 'page-inconnue']) {
          await page.goto(p ? `/${prefix}/${p}` : `/${prefix}`);
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
          expect(results.violations.map((v) => `${p}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
        }
      });
    }
  });
}
