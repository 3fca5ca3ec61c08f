import { expect, test, type BrowserContextOptions } from './fixtures';
import { demo, signedInState } from './helpers';

// ajouter-colis and ajouter-trajet: a modal that points to the mobile app (listings are published
// there), open on arrival; closing it goes back where the member came from.
let storageState: BrowserContextOptions['storageState'];
test.beforeAll(async ({ browser }) => {
  storageState = await signedInState(browser, demo.sender);
});

test('a modal with the store links: focus stays inside, Escape returns to the previous page', async ({ browser }) => {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto('/fr/faq');
  // A plain link of a page of the site (a full navigation).
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/fr/ajouter-colis';
    document.body.append(link);
    link.click();
  });
  const dialog = page.getByRole('dialog', { name: 'Publiez votre colis depuis l’application' });
  await expect(dialog).toBeVisible();
  // Reached by a click, not goto (tests/e2e/fixtures.ts): the page's script makes it modal once it runs.
  await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  await expect(dialog.getByRole('link', { name: 'Disponible sur Google Play' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Télécharger dans l’App Store' })).toBeVisible();
  const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focusInside()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/fr\/faq$/);
  await context.close();
});

test('arriving from elsewhere, the close button leads to the dashboard', async ({ browser }) => {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto('/ar/ajouter-trajet');
  const dialog = page.getByRole('dialog', { name: 'انشر رحلتك من التطبيق' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'متوفر على Google Play' })).toBeVisible();
  await dialog.getByRole('button', { name: 'إغلاق' }).click();
  await expect(page).toHaveURL(/\/ar\/mon-dashboard$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('without JavaScript the same texts and links are on the page', async ({ browser }) => {
  const context = await browser.newContext({ storageState, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/ajouter-trajet');
  const dialog = page.getByRole('dialog', { name: 'Publiez votre trajet depuis l’application' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Disponible sur Google Play' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Retour à mon espace' })).toHaveAttribute('href', '/fr/mon-dashboard');
  await context.close();
});
