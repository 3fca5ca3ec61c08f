import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.mjs';
const base = 'http://localhost:3510';
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const [lang, width] of [['fr', 390], ['ar', 1280], ['ar', 390], ['fr', 1280]]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
  await page.goto(`${base}/${lang}`, { waitUntil: 'networkidle' });
  const h0 = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.locator('#countries').scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/cv/home-${lang}-${width}-countries.png` });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(400);
  const h1 = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: `/tmp/cv/home-${lang}-${width}-bottom.png` });
  await page.goto(`${base}/${lang}/colis`, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, 2400));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/cv/colis-${lang}-${width}-mid.png` });
  console.log(lang, width, 'home scrollHeight first', h0, 'after scrolling', h1);
  await page.close();
}
await browser.close();
