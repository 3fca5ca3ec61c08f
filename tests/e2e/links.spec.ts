import { expect, test, type BrowserContextOptions, type Page } from './fixtures';
import { demo, signedInState } from './helpers';

// No dead end: every internal link of the header, the drawer, the footer and the dashboard of a
// signed-in member answers, in fr and in ar.
let storageState: BrowserContextOptions['storageState'];
test.beforeAll(async ({ browser }) => {
  storageState = await signedInState(browser, demo.traveller);
});

async function internalLinks(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page
    .locator(`${selector} a[href^="/"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(0);
  return hrefs;
}

for (const prefix of ['fr', 'ar'] as const) {
  test(`/${prefix}: no link of the header, drawer, footer or dashboard answers 404`, async ({ browser }) => {
    test.setTimeout(90_000);
    const found = new Map<string, string>();
    const add = (where: string, hrefs: string[]) => hrefs.forEach((href) => found.set(href.split('#')[0]!, where));

    const desktop = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } });
    const page = await desktop.newPage();
    // The dashboard refreshes the session mirror, so the header then shows the member's links too.
    await page.goto(`/${prefix}/mon-dashboard`);
    add('dashboard', await internalLinks(page, 'main'));
    await page.goto(`/${prefix}`);
    // The member's links are in the account menu: open it so that they are visible.
    await page
      .getByRole('banner')
      .locator(`summary[aria-label^="${prefix === 'fr' ? 'Mon compte' : 'حسابي'}"]`)
      .click();
    await expect(page.getByRole('banner').locator(`a[href="/${prefix}/mon-dashboard"]:visible`)).toHaveCount(1);
    add('header', await internalLinks(page, 'header'));
    add('footer', await internalLinks(page, 'footer'));

    const phone = await browser.newContext({ storageState, viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await mobile.goto(`/${prefix}`);
    await mobile
      .getByRole('banner')
      .getByRole('button', { name: prefix === 'fr' ? 'Ouvrir le menu' : 'فتح القائمة' })
      .click();
    await expect(mobile.getByRole('dialog')).toBeVisible();
    add('drawer', await internalLinks(mobile, '[role="dialog"]:popover-open'));
    add('header (phone)', await internalLinks(mobile, 'header'));

    const dead: string[] = [];
    for (const [href, where] of found) {
      const response = await page.request.get(href);
      if (response.status() >= 400) dead.push(`${where}: ${href} → ${response.status()}`);
    }
    expect(dead).toEqual([]);
    expect(found.size).toBeGreaterThan(15);
    await desktop.close();
    await phone.close();
  });
}
