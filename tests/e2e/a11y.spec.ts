import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContextOptions } from './fixtures';
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
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        expect(results.violations.map((v) => `${width} px: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
          [],
        );
      }
    });
  }
}

// The member screens of deals, signed in as the demo sender: the inbox, a conversation with its
// deal, the received proposals (the sent ones are the same component), and a detail page with the
// member's proposal on it.
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
    for (const p of ['messagerie', 'conversation', 'mes-propositions/recues', 'deal', 'modifier-telephone']) {
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
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
            .analyze();
          expect(
            results.violations.map((v) => `${width} px: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
          ).toEqual([]);
        }
        await context.close();
      });
    }
  }
});
