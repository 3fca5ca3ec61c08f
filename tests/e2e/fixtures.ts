import { test as base, type Browser, type Page } from '@playwright/test';

// Playwright's `test`, whose pages' `goto` returns once the page is hydrated. A public page served
// from the cache starts its scripts after its first paint (scripts/defer-bootstrap.mjs), so its
// `load` event can come before them; a visitor's first click may then do what it does without
// JavaScript (a form posts itself, a menu button does nothing yet), which these tests do not mean
// to check. The header marks the document once the page is hydrated
// (components/layout/menu-closer.tsx): a page that never gets there fails here. This holds for the
// `page` fixture and for the pages of contexts a test opens itself.
export * from '@playwright/test';

function waitsForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const html = response?.headers()['content-type']?.startsWith('text/html');
    if (response?.status() === 200 && html)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    return response;
  };
  return page;
}

export const test = base.extend<object, { browser: Browser }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    await provide(javaScriptEnabled === false ? page : waitsForHydration(page));
  },
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled === false) return context;
        const newPage = context.newPage.bind(context);
        context.newPage = async () => waitsForHydration(await newPage());
        return context;
      };
      await provide(browser);
    },
    { scope: 'worker' },
  ],
});
