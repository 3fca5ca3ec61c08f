import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContextOptions, type Page } from './fixtures';
import { demo, signedInState } from './helpers';
import { nearbyPage, staticPages } from '@/lib/routes';
import { prefixes } from '@/lib/i18n/locales';

// axe on every page built so far: one test per page and language, so that a busy machine slows each
// test down without pushing a long loop past its timeout.
const pages = [
  ...staticPages,
  'page-inconnue',
  'colis',
  'trajets',
  nearbyPage,
  'colis?fromCountry=TN&maxWeight=-1',
  'DETAIL',
  'envoyer-colis/tunisie',
  'envoi-colis/paris/tunis',
  'connexion',
  'inscription',
  'mot-de-passe-oublie',
];

/** A parcel's detail page, found on the list. */
async function detailPath(request: APIRequestContext, prefix: string): Promise<string> {
  const list = await (await request.get(`/${prefix}/colis`)).text();
  return new RegExp(`href="/${prefix}/(colis/[A-Za-z0-9_-]{10,})"`).exec(list)![1]!;
}

// Every page in every language on a phone; the desktop layout in one language of each direction (en
// and tn differ from fr and ar by their texts only). One page load serves both widths.
const widths = (prefix: string) => (prefix === 'fr' || prefix === 'ar' ? [390, 1280] : [390]);

for (const prefix of prefixes) {
  for (const p of pages) {
    test(`/${prefix}/${p} has no accessibility violations at ${widths(prefix).join(' and ')} px`, async ({
      page,
      request,
    }) => {
      const path = p === 'DETAIL' ? await detailPath(request, prefix) : p;
      for (const [i, width] of widths(prefix).entries()) {
        await page.setViewportSize({ width, height: 900 });
        if (i === 0) await page.goto(path ? `/${prefix}/${path}` : `/${prefix}`);
        // autour-de-moi's desktop layout with its map drawn beside the list (the map waits for a pointer that moves).
        if (p === nearbyPage && width === 1280) {
          await page.mouse.move(640, 300);
          await expect(
            page.getByRole('region', { name: prefix === 'fr' ? 'Carte des annonces' : 'خريطة الإعلانات' }),
          ).toBeVisible();
        }
        await expectNoViolations(page, `${width} px`);
      }
    });
  }
}

// The simulator with a result shown (the bare simulator, the comparison page, the 404 and a list with a
// filter set are among the pages above).
for (const prefix of ['fr', 'ar'] as const) {
  test(`/${prefix}/simulateur-prix/resultat has no accessibility violations at 390 and 1280 px`, async ({ page }) => {
    for (const [i, width] of [390, 1280].entries()) {
      await page.setViewportSize({ width, height: 900 });
      if (i === 0) await page.goto(`/${prefix}/simulateur-prix/resultat?weight=5&from=Paris&to=Tunis`);
      await expect(page.getByTestId('estimate-total')).toBeVisible();
      await expectNoViolations(page, `${width} px`);
    }
  });
}

// A route page without listings (its alert first), and the home search with its suggestions open.
for (const prefix of ['fr', 'ar'] as const) {
  test(`/${prefix}/envoi-colis/kelibia/rouen and the home search's suggestions have no accessibility violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/${prefix}/envoi-colis/kelibia/rouen`);
    await expectNoViolations(page, 'route without listings');
    await page.goto(`/${prefix}`);
    await page.locator('#search-from').fill(prefix === 'fr' ? 'Tun' : 'تون');
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectNoViolations(page, 'suggestions open');
  });
}

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

// The member screens of deals, signed in as the demo sender: the inbox, a conversation with its
// deal, the received proposals (the sent ones are the same component), and a detail page with the
// member's proposal on it; the dashboard with its account menu open, each tab of the proposals, the
// phone step.
test.describe('member screens', () => {
  let storageState: BrowserContextOptions['storageState'];
  const targets: Record<string, string> = {};
  test.beforeAll(async ({ browser }) => {
    storageState = await signedInState(browser, demo.sender);
    const context = await browser.newContext({ storageState });
    const inbox = await (await context.request.get('/api/user/v1/conversations')).json();
    targets.conversation = `messagerie?conversation=${inbox.data.items[0].id}`;
    const sent = await (await context.request.get('/api/user/v1/proposals?role=sent')).json();
    const pending = sent.data.items.find((p: { status: string }) => p.status === 'pending');
    targets.deal = `${pending.listing.kind === 'package' ? 'colis' : 'trajet'}/${pending.listing.id}`;
    await context.close();
  });

  for (const prefix of ['fr', 'ar'] as const) {
    const menu =
      prefix === 'fr' ? { open: 'Ouvrir le menu', account: 'Mon compte' } : { open: 'فتح القائمة', account: 'حسابي' };
    const stages = prefix === 'fr' ? ['À traiter', 'En cours', 'Terminées'] : ['بانتظار ردّك', 'قيد التنفيذ', 'منتهية'];
    for (const p of [
      'messagerie',
      'conversation',
      'mes-propositions/recues',
      'deal',
      'modifier-telephone',
      'verification-telephone',
      'mon-dashboard',
    ]) {
      test(`/${prefix}/${p} (signed in) has no accessibility violations at 390 and 1280 px`, async ({ browser }) => {
        const context = await browser.newContext({ storageState });
        const page = await context.newPage();
        for (const [i, width] of [390, 1280].entries()) {
          await page.setViewportSize({ width, height: 900 });
          if (i === 0) {
            await page.goto(`/${prefix}/${targets[p] ?? p}`);
            if (p === 'deal')
              await expect(
                page
                  .getByRole('complementary')
                  .getByRole('heading', { name: prefix === 'fr' ? 'Proposition' : 'العرض' }),
              ).toBeVisible();
          }
          // (mes-propositions on a desktop: under each tab below)
          if (!(p === 'mes-propositions/recues' && width === 1280)) await expectNoViolations(page, `${width} px`);
          // The account menu: in the drawer on a phone, the header's menu on a desktop.
          if (p === 'mon-dashboard' && width === 390) {
            await page.getByRole('button', { name: menu.open }).click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await expectNoViolations(page, '390 px, drawer open');
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toBeHidden();
          }
          if (p === 'mon-dashboard' && width === 1280) {
            await page
              .getByRole('banner')
              .getByLabel(new RegExp(`^${menu.account}`))
              .click();
            await expect(page.getByRole('banner').locator('details[data-menu][open] ul')).toBeVisible();
            await expectNoViolations(page, '1280 px, account menu open');
          }
          // Each stage tab in turn, on a desktop.
          if (p === 'mes-propositions/recues' && width === 1280) {
            for (const stage of stages) {
              const tab = page.getByRole('tab', { name: new RegExp(`^${stage}`) });
              await tab.click();
              await expect(tab).toHaveAttribute('aria-selected', 'true');
              await expectNoViolations(page, `1280 px, tab ${stage}`);
            }
          }
        }
        await context.close();
      });
    }
  }
});
