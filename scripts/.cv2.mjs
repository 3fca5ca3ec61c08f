import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.mjs';
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of [390, 1280]) for (const p of ['/fr', '/ar/trajets']) {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await page.goto(`http://localhost:3510${p}`, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, 1e6)); await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, 0)); await page.waitForTimeout(300);
  const sizes = await page.evaluate(() => [...document.querySelectorAll('.below-fold, .card')].map((e) => `${e.className.includes('card') ? 'card' : e.getAttribute('aria-labelledby') ?? e.className.slice(0, 20)}:${Math.round(e.getBoundingClientRect().height)}`));
  console.log(width, p, sizes.join(' '));
  await page.close();
}
await browser.close();
