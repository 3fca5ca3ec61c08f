import { expect, test } from './fixtures';

// The lists on a phone: the results first, the filters folded behind one button that counts the
// active ones (a <details>, so without JavaScript too); on a desktop the filters stay in view.

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const javaScriptEnabled of [true, false]) {
    test(`the first listing comes before the filters, which unfold from one button (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/fr/colis');
      const main = page.getByRole('main');
      const toggle = main.locator('summary', { hasText: /^Filtres$/ });
      const from = main.getByLabel('Ville de départ');
      const card = main.locator('article').first();
      await expect(toggle).toBeVisible();
      await expect(from).toBeHidden();
      await expect(card).toBeInViewport();
      await toggle.click();
      await expect(from).toBeVisible();
      await expect(main.getByRole('button', { name: 'Rechercher' })).toBeVisible();
      await context.close();
    });
  }

  test('the button counts the active filters', async ({ page }) => {
    await page.goto('/ar/colis?fromCountry=TN&maxPrice=50');
    await expect(page.getByRole('main').locator('summary').first()).toHaveText('التصفية (2)');
    await page.goto('/fr/trajets?from=Tunis&toCountry=FR&type=plane');
    const toggle = page.getByRole('main').locator('summary').first();
    await expect(toggle).toHaveText('Filtres (3)');
    await expect(page.getByRole('main').getByLabel('Ville de départ')).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('main').getByLabel('Ville de départ')).toHaveValue('Tunis');
  });

  test('a filter error shows its field', async ({ page }) => {
    await page.goto('/fr/colis?maxWeight=-3');
    const field = page.getByRole('main').getByLabel('Poids max. (kg)');
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('main').getByText('Le poids doit être supérieur à 0.').first()).toBeVisible();
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a search keeps only the filled fields in its address', async ({ page }) => {
    await page.goto('/fr/colis');
    const main = page.getByRole('main');
    await main.getByLabel('Pays de départ').selectOption('TN');
    await main.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/fr\/colis\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('fromCountry')).toBe('TN');
    expect([...query.values()].filter((value) => value === '')).toEqual([]);
  });

  test('the filters are in view, above the results, with no fold button', async ({ page }) => {
    await page.goto('/fr/colis?fromCountry=TN');
    const main = page.getByRole('main');
    const from = main.getByLabel('Ville de départ');
    await expect(from).toBeVisible();
    await expect(main.getByLabel('Pays de départ')).toHaveValue('TN');
    await expect(main.locator('summary', { hasText: /^Filtres/ })).toBeHidden();
    const fieldBox = await from.boundingBox();
    const cardBox = await main.locator('article').first().boundingBox();
    expect(fieldBox!.y).toBeLessThan(cardBox!.y);
  });

  test('a day filter reads in the page language and is sent as YYYY-MM-DD', async ({ page }) => {
    // The browser here writes dates the en-US way (03/12/2027); the field shows the page's.
    await page.goto('/ar/colis?after=2027-03-12');
    await expect(page.getByRole('main').getByText('12 مارس 2027')).toBeVisible();
    await page.goto('/fr/colis');
    const main = page.getByRole('main');
    await main.getByText('Plus de filtres').click();
    const after = main.getByLabel('Départ à partir du');
    await expect(main.getByText('Choisir une date').first()).toBeVisible();
    await after.fill('2027-03-12');
    await expect(main.getByText('12 mars 2027')).toBeVisible();
    await main.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/fr\/colis\?after=2027-03-12$/);
    await expect(page.getByRole('main').getByLabel('Départ à partir du')).toHaveValue('2027-03-12');
  });
});
