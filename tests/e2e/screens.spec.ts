import { request as httpRequest } from 'node:http';
import { expect, test } from './fixtures';
import { demo, signIn } from './helpers';

// Issue 21's small screens: a listing's share box and matches, list cards of one shape with or
// without a photo, the dashboard's title, the phone code's resend, relative redirects after a form post.

test('a parcel’s page: share links, a copy that says so, its matches and its own Open Graph card', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/fr/colis');
  const href = await page.locator('main article h3 a').first().getAttribute('href');
  await page.goto(href!);
  const share = page.getByRole('region', { name: 'Partager cette annonce' });
  const url = `http://localhost:3000${href}`;
  // Each network's link carries its name (issue 35: the statistics page tells what each brought).
  const tagged = (network: string) => `${url}?utm_source=${network}&utm_medium=share`;
  await expect(share.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(tagged('whatsapp'))}$`),
  );
  await expect(share.getByRole('link', { name: /^Facebook/ })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(tagged('facebook'))}`,
  );
  await expect(share.getByRole('link', { name: /^X/ })).toHaveAttribute('href', /^https:\/\/x\.com\/intent\/post\?/);
  await share.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(share.getByRole('status')).toHaveText('Lien copié');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tagged('copy'));

  const matches = page.getByRole('region', { name: 'Des voyageurs sur cette route' });
  await expect(matches.getByRole('link', { name: /^Tous les trajets/ })).toHaveAttribute(
    'href',
    /^\/fr\/trajets\?fromCountry=[A-Z]{2}&toCountry=[A-Z]{2}&after=\d{4}-\d\d-\d\d&before=\d{4}-\d\d-\d\d$/,
  );
  for (const card of await matches.locator('li a').all()) await expect(card).toHaveAttribute('href', /^\/fr\/trajet\//);

  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  const image = await page.request.get(new URL(og!).pathname + new URL(og!).search);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);
});

test('list cards keep one shape: a card without a photo is as tall as its neighbours, with no empty box', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/envoyer-colis/tunisie');
  const boxes = await page.locator('main article.card').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      const cover = card.firstElementChild!;
      return {
        top: Math.round(box.top),
        height: box.height,
        photo: !(cover as HTMLImageElement).src.startsWith('data:'),
        drawn: decodeURIComponent((cover as HTMLImageElement).src),
        city: card.querySelector('h3 a')!.firstChild!.textContent!,
        coverHeight: cover.getBoundingClientRect().height,
        // Height the content does not fill (what an empty half-card is made of).
        free:
          box.height -
          [...card.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0) -
          (card.children.length - 1) * parseFloat(getComputedStyle(card).rowGap) -
          parseFloat(getComputedStyle(card).paddingTop) -
          parseFloat(getComputedStyle(card).paddingBottom),
      };
    }),
  );
  const rows = new Map<number, typeof boxes>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
  const mixed = [...rows.values()].find((row) => row.some((b) => b.photo) && row.some((b) => !b.photo));
  expect(mixed, JSON.stringify(boxes)).toBeTruthy();
  const withPhoto = mixed!.find((b) => b.photo)!;
  for (const card of mixed!.filter((b) => !b.photo)) {
    expect(Math.abs(card.coverHeight - withPhoto.coverHeight)).toBeLessThanOrEqual(1);
    expect(card.free).toBeLessThan(card.coverHeight / 2);
  }
  // The drawn cover names the card's two cities.
  for (const card of mixed!.filter((b) => !b.photo)) expect(card.drawn).toContain(`>${card.city}<`);
});

test('the dashboard is titled Mon Espace, the greeting under it', async ({ page }) => {
  await signIn(page, demo.sender);
  await page.waitForURL(/\/fr\/app-mobile$/);
  await page.goto('/fr/mon-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon Espace');
  await expect(page.getByRole('main').getByText(/^Bonjour /)).toBeVisible();
  // What waits for her comes first: the demo has proposals for her to answer, each opening its conversation.
  const tasks = page.getByRole('region', { name: 'Ce qui vous attend' });
  const answer = tasks.getByRole('link', { name: /attend votre réponse/ }).first();
  await expect(answer).toHaveAttribute('href', /^\/fr\/messagerie\?conversation=/);
  const [tasksBox, tilesBox] = [
    await tasks.boundingBox(),
    await page
      .getByRole('link', { name: /^Messagerie/ })
      .first()
      .boundingBox(),
  ];
  expect(tasksBox!.y).toBeLessThan(tilesBox!.y);
});

test('verification-telephone opened directly offers to resend to the number awaiting verification; a failed update says so', async ({
  page,
}) => {
  await signIn(page, demo.newcomer);
  await expect(page).toHaveURL(/\/fr\/modifier-telephone$/);
  // A failure the API does not explain: a generic message, never the page's title.
  await page.route('**/api/user/v1/users/*/confirm-phone', (route) =>
    route.fulfill({ status: 500, json: { success: false, error: { code: 'INTERNAL_ERROR', message: '' } } }),
  );
  const number = `2${String(Date.now()).slice(-7)}`;
  await page.getByRole('main').getByLabel('Numéro de téléphone').fill(number);
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Le numéro n’a pas pu être enregistré. Réessayez dans un instant.',
  );
  await page.unroute('**/api/user/v1/users/*/confirm-phone');
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page).toHaveURL(/\/fr\/verification-telephone\?phone=/);

  await page.goto('/fr/verification-telephone');
  await expect(page.getByRole('main')).toContainText(
    `+216 ${number.slice(0, 2)} ${number.slice(2, 5)} ${number.slice(5)}`,
  );
  await expect(page.getByRole('button', { name: /^Renvoyer le code dans \d+ secondes?$/ })).toBeDisabled();
});

test('a form post answers with a relative redirect, whatever address the site was reached at', async ({ baseURL }) => {
  const body = new URLSearchParams({ email: `elsewhere-${Date.now()}@example.com`, locale: 'fr' }).toString();
  const answer = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: new URL(baseURL!).port,
        path: '/api/user/v1/newsletter',
        method: 'POST',
        headers: {
          host: 'colibri.example:8443',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'sec-fetch-site': 'same-origin',
        },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  expect(answer).toEqual({ status: 303, location: '/fr/newsletter?status=sent' });
});
