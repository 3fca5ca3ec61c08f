import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures';
import { cachedHtml, demo, signedInState } from './helpers';

// Visits counted without cookies (issue 35): a shared, tagged link is the plain page; three visits from
// it raise the owner's views by three and a crawler's by none; the counting sets no cookie and writes
// no localStorage; staff see the campaign on /fr/statistiques; anyone else gets the 404 page there.

const phoneUa =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const googlebot =
  'Mozilla/5.5 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let visitors = 0;

declare global {
  interface Window {
    /** Writes to document.cookie and localStorage, with their stack (watchStorage). */
    storageWrites?: string[];
  }
}

/** An open parcel of the demo's sender, and a browser signed in as him. */
async function senderParcel(browser: Browser) {
  const context = await browser.newContext({ storageState: await signedInState(browser, demo.sender) });
  const answer = await context.request.get('/api/user/v1/me/listings?kind=package');
  const items = (await answer.json()).data.items as {
    listing: { id: string; status: string };
    hidden: string | null;
  }[];
  // The last one: other specs visit the first parcels of the lists, whose views would count here.
  const open = items.filter((item) => ['active', 'upcoming'].includes(item.listing.status) && !item.hidden).at(-1);
  expect(open).toBeTruthy();
  return { context, id: open!.listing.id, path: `/fr/colis/${open!.listing.id}` };
}

/** The views mes-colis shows for a listing ("aucune vue", "1 vue", "12 vues"). */
async function viewsShown(page: Page, path: string): Promise<number> {
  await page.goto('/fr/mes-colis');
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="${path}"]`) });
  const text = await card.getByText(/^(aucune vue|\d+ vues?)$/).innerText();
  return text === 'aucune vue' ? 0 : Number(/\d+/.exec(text)![0]);
}

/** A visit in a browser of its own (its own address), that waits for the page to report itself. */
async function visit(
  browser: Browser,
  url: string,
  userAgent = phoneUa,
  prepare: (context: BrowserContext) => Promise<void> = async () => {},
) {
  const context = await browser.newContext({
    userAgent,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${(++visitors % 200) + 20}` },
  });
  await prepare(context);
  const page = await context.newPage();
  const reported = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/user/v1/page-events') &&
      response.request().method() === 'POST' &&
      response.request().postDataJSON().type === 'view',
  );
  await page.goto(url);
  const response = await reported;
  expect(response.status()).toBe(204);
  return { context, page, sent: response.request().postDataJSON(), setCookie: response.headers()['set-cookie'] };
}

/**
 * Records every write to document.cookie and localStorage with the script that made it: the site has
 * its own (the language menu's cookie and key, the typeface loader's marks), and the counting script
 * (/beacon.js) must have none.
 */
async function watchStorage(context: BrowserContext) {
  await context.addInitScript(() => {
    const writes: string[] = [];
    window.storageWrites = writes;
    const where = () => new Error().stack ?? '';
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (this === window.localStorage) writes.push(`localStorage ${key} ${where()}`);
      return setItem.call(this, key, value);
    };
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        writes.push(`cookie ${value} ${where()}`);
        cookie.set!.call(document, value);
      },
    });
  });
}

async function storedByTheCounting(page: Page) {
  const writes = await page.evaluate(() => window.storageWrites ?? []);
  return {
    byTheCounting: writes.filter((write) => write.includes('/beacon.js')),
    bySomething: writes.length,
    sessionStorage: await page.evaluate(() => ({ ...sessionStorage })),
  };
}

test('a tagged link is the plain page: same HTML, same canonical, no tag in its links', async ({
  browser,
  request,
}) => {
  const { context, path } = await senderParcel(browser);
  await context.close();
  // A crawler's browser: its visits are not counted (the next test counts this listing's).
  const crawler = await browser.newContext({ userAgent: googlebot });
  const page = await crawler.newPage();
  const plain = await cachedHtml(request, path);
  const tagged = await request.get(`${path}?utm_source=facebook&utm_medium=social&fbclid=IwAR0abc`);
  expect(tagged.headers()['x-page-cache']).toBe('HIT');
  expect(await tagged.text()).toBe(plain);
  await page.goto(`${path}?utm_source=facebook&fbclid=IwAR0abc`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  const links = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links.filter((href) => /utm_|fbclid/.test(href ?? ''))).toEqual([]);
  // Its share links carry their network.
  await expect(page.locator('[data-share] a[data-network="whatsapp"]')).toHaveAttribute(
    'href',
    /utm_source%3Dwhatsapp%26utm_medium%3Dshare/,
  );
  await crawler.close();
});

test('three visits from a tagged link raise the owner’s views by three, a crawler’s by none; no cookie, no localStorage', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { context: owner, path } = await senderParcel(browser);
  const ownerPage = await owner.newPage();
  const before = await viewsShown(ownerPage, path);

  const tagged = `${path}?utm_source=whatsapp&utm_medium=share&utm_campaign=owner-views`;
  for (let i = 0; i < 3; i++) {
    const { context, page: visitor, sent, setCookie } = await visit(browser, tagged, phoneUa, watchStorage);
    expect(sent).toEqual({
      type: 'view',
      path,
      campaign: { source: 'whatsapp', medium: 'share', campaign: 'owner-views' },
    });
    expect(setCookie).toBeUndefined();
    // The script ran (it kept the tab's campaign), and wrote no cookie and no localStorage; the
    // watch works (the page's own language menu writes both).
    const stored = await storedByTheCounting(visitor);
    expect(stored.byTheCounting).toEqual([]);
    expect(stored.bySomething).toBeGreaterThan(0);
    expect(JSON.parse(stored.sessionStorage['colibri:campaign'] ?? 'null')).toEqual({
      source: 'whatsapp',
      medium: 'share',
      campaign: 'owner-views',
    });
    await context.close();
  }
  const crawler = await visit(browser, tagged, googlebot);
  await crawler.context.close();

  await expect.poll(() => viewsShown(ownerPage, path), { timeout: 20_000 }).toBe(before + 3);
  // The crawler's view was the last one sent: had it counted, it would be written by now.
  await page.waitForTimeout(2_000);
  expect(await viewsShown(ownerPage, path)).toBe(before + 3);
  await owner.close();
});

test('a visitor who sends Do Not Track is not counted: the page loads no counting script', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { dnt: '1' } });
  await context.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
  const page = await context.newPage();
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (/\/beacon\.js$|\/page-events$/.test(request.url())) beacons.push(request.url());
  });
  await page.goto('/fr/colis');
  await page.waitForLoadState('load');
  await page.waitForTimeout(1_500);
  expect(beacons).toEqual([]);
  await context.close();
});

test('staff see the campaign on /fr/statistiques, with its CSV; a member and a guest get the 404 page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const campaign = `e2e-${Date.now()}`;
  const { context: sender } = await senderParcel(browser);
  const visited = await visit(browser, `/fr/trajets?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
  await visited.context.close();

  const staff = await browser.newContext({ storageState: await signedInState(browser, 'moderator@demo.colibri.tn') });
  const staffPage = await staff.newPage();
  const row = staffPage.getByRole('row', { name: new RegExp(`newsletter / email / ${campaign}`) });
  await expect
    .poll(
      async () => {
        await staffPage.goto('/fr/statistiques');
        return row.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
  await expect(staffPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(staffPage.getByRole('img', { name: /visiteurs/ })).toBeVisible();
  const csv = await staff.request.get(
    (await staffPage.getByRole('link', { name: 'Télécharger en CSV' }).getAttribute('href')) ?? '',
  );
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(await csv.text()).toContain(`newsletter,email,${campaign},1,1,0,0`);
  await staff.close();

  // A member, and a guest: the 404 page.
  const memberPage = await sender.newPage();
  const asMember = await memberPage.goto('/fr/statistiques');
  expect(asMember!.status()).toBe(404);
  await expect(memberPage.getByRole('heading', { level: 1 })).not.toHaveText('Statistiques');
  await sender.close();
  expect((await page.goto('/fr/statistiques'))!.status()).toBe(404);
});
