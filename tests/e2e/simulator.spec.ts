import { expect, test, type Page } from './fixtures';

// The price simulator gives a range for Paris to Tunis, 5 kg, in euros and in dinars: without
// JavaScript (a GET form, the result page) and with it (updated as one types, the URL kept shareable).

// The form sends its empty distance field too; a result shared from the page with JavaScript does not.
const resultUrl = (currency: string) =>
  new RegExp(
    `/fr/simulateur-prix/resultat\\?weight=5&from=Paris&to=Tunis(&distance=)?&currency=${currency}(#estimation)?$`,
  );
// "42,50 € à 60,00 €", "143 TND à 195,500 TND" (Intl's spaces are narrow no-break ones)
const euros = /^\d+,\d{2}\s€ à \d+,\d{2}\s€$/;
const dinars = /^\d+(,\d{3})?\sTND à \d+(,\d{3})?\sTND$/;

async function fill(page: Page) {
  const main = page.getByRole('main');
  await main.getByLabel('Poids du colis (kg)').fill('5');
  await main.getByLabel('Ville de départ').fill('Paris');
  await main.getByLabel('Ville d’arrivée').fill('Tunis');
}

test('with JavaScript: the range appears as one types, in euros then in dinars, at a shareable URL', async ({
  page,
}) => {
  await page.goto('/fr/simulateur-prix');
  await expect(
    page.getByRole('main').getByText('Indiquez le poids et le trajet pour voir une fourchette de prix.'),
  ).toBeVisible();
  await fill(page);
  const total = page.getByTestId('estimate-total');
  await expect(total).toHaveText(euros);
  await expect(page).toHaveURL(resultUrl('EUR'));
  await expect(page.getByRole('main')).toContainText(/ces 90 derniers jours/);
  await expect(page.getByRole('main')).toContainText('Conversions aux taux de référence du 31 octobre 2025.');

  await page.getByRole('main').getByLabel('Devise').selectOption('TND');
  await expect(total).toHaveText(dinars);
  await expect(page).toHaveURL(resultUrl('TND'));

  // The shared URL gives the same range to someone else, in the first HTML.
  const shared = await (await page.request.get(page.url())).text();
  expect(shared.replace(/\u202f|\u00a0/g, ' ')).toContain((await total.textContent())!.replace(/\u202f|\u00a0/g, ' '));
});

test('without JavaScript: the form goes to the result page, canonical to the bare page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/simulateur-prix');
  await fill(page);
  await page.getByRole('main').getByRole('button', { name: 'Estimer le prix' }).click();
  await expect(page).toHaveURL(resultUrl('EUR'));
  await expect(page.getByTestId('estimate-total')).toHaveText(euros);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'http://localhost:3000/fr/simulateur-prix',
  );

  await page.getByRole('main').getByLabel('Devise').selectOption('TND');
  await page.getByRole('main').getByRole('button', { name: 'Estimer le prix' }).click();
  await expect(page).toHaveURL(resultUrl('TND'));
  await expect(page.getByTestId('estimate-total')).toHaveText(dinars);

  // A bad field is said beside it.
  await page.goto('/fr/simulateur-prix/resultat?weight=0&from=Paris&to=Tunis');
  const weight = page.getByRole('main').getByLabel('Poids du colis (kg)');
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText('Le poids doit être supérieur à 0.')).toBeVisible();
  await context.close();
});

// Intl marks the direction of each amount (U+200F) in Arabic, and lib/intl-format.ts isolates it (U+2068…U+2069).
test('in Arabic, the dinar by default', async ({ page }) => {
  await page.goto('/ar/simulateur-prix/resultat?weight=5&from=باريس&to=تونس');
  await expect(page.getByTestId('estimate-total')).toHaveText(
    /^من\s\u2068\u200f?[\d.,]+\sد\.ت\.\u200f?\u2069\sإلى\s\u2068\u200f?[\d.,]+\sد\.ت\.\u200f?\u2069$/,
  );
  await expect(page.getByRole('main').getByLabel('العملة')).toHaveValue('TND');
});

test('what one types before the live form arrives is kept, and estimated when it comes', async ({ page }) => {
  // The page's own scripts come as they do; any script it fetches later waits until the fields are filled.
  const html = await (await page.request.get('/fr/simulateur-prix')).text();
  const firstLoad = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"]+\.js/g)].map((match) => match[0]));
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    if (!firstLoad.has(new URL(route.request().url()).pathname)) {
      held += 1;
      await gate;
    }
    await route.continue();
  });
  await page.goto('/fr/simulateur-prix');
  await fill(page);
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(page.getByTestId('estimate-total')).toHaveCount(0);
  release();
  await expect(page.getByTestId('estimate-total')).toHaveText(euros);
  await expect(page.getByRole('main').getByLabel('Ville d’arrivée')).toHaveValue('Tunis');
  await expect(page.getByRole('main').getByLabel('Ville d’arrivée')).toBeFocused();
  await expect(page).toHaveURL(resultUrl('EUR'));
});

test('an empty form sent with the button says what is missing beside the field', async ({ page }) => {
  await page.goto('/fr/simulateur-prix');
  const weight = page.getByRole('main').getByLabel('Poids du colis (kg)');
  await expect(weight).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Estimer le prix' }).click();
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#simulator-weight-error')).not.toBeEmpty();
});
