import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { axe, client, linkIn, newMember as newAccount, waitForOutbox, type Member } from './helpers';

// The member space in a browser: favourites, ratings and reports, deleting listings, settings and
// the account, route alerts. Each story makes its own members through the API (a client address of
// their own: the tests act as a trusted proxy), and signs the browser in with the password.

const day = 24 * 3600 * 1000;
const soon = (days: number) => new Date(Date.now() + days * day).toISOString();

/** A confirmed account (a Gharbi); with a page's request, its browser is signed in. */
const newMember = (request: APIRequestContext, label: string, firstname = 'Selma') =>
  newAccount(request, label, firstname, 'Gharbi');

let phones = 0;
/** Verifies the member's phone with the code of the outbox: proposing and accepting need one. */
async function verifyPhone(request: APIRequestContext, member: Member) {
  const phone = `+2165${String(Date.now() + process.pid + ++phones).slice(-7)}`;
  await post(request, `users/${member.id}/confirm-phone`, { phone });
  const code = Number(/\b(\d{6})\b/.exec((await waitForOutbox(phone)).text)![1]);
  await post(request, `users/${member.id}/validate-code`, { confirmationPhoneCode: code });
}

const parcel = (extra: Record<string, unknown> = {}) => ({
  name: 'Dattes de Tozeur',
  from: { city: 'Tozeur' },
  to: { city: 'Genève' },
  startedAt: soon(6),
  endedAt: soon(9),
  weightKg: 3,
  pricePerKg: 14,
  currency: 'EUR',
  ...extra,
});

async function post(request: APIRequestContext, path: string, data?: unknown, method = 'POST') {
  const answer = await request.fetch(`/api/user/v1/${path}`, { method, data, headers: client() });
  const json = await answer.json();
  expect(json.success, `${method} ${path}: ${JSON.stringify(json)}`).toBe(true);
  return json.data;
}

/** A new member signed in in this page's browser, its session mirror written (the dashboard does). */
async function signedIn(page: Page, label: string, firstname?: string) {
  const m = await newMember(page.context().request, label, firstname);
  await page.goto('/fr/mon-dashboard');
  await expect(page.locator('h1')).toBeVisible();
  return m;
}

/** A heart's click, and the API's answer to it (a page left at once would cancel the call). */
async function settled(page: Page, method: 'PUT' | 'DELETE', click: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/favourite') && r.request().method() === method);
  await click();
  expect((await answer).status()).toBe(200);
}

test('favourite from a card and a detail page, seen in mes-favoris, then unfavourite; a visitor gets the join popup', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The seller publishes a trip and a parcel through the API.
  const other = await browser.newContext();
  await newMember(other.request, 'seller', 'Hatem');
  const trip = await post(other.request, 'travels', {
    from: { city: 'Tozeur' },
    to: { city: 'Genève' },
    startedAt: soon(4),
    endedAt: soon(5),
    pricePerKg: 11,
    currency: 'CHF',
    travelType: 'plane',
  });
  const pkg = await post(other.request, 'packages', parcel());

  // A visitor's heart opens the join popup.
  await page.goto(`/fr/colis/${pkg.id}`);
  await page.getByRole('button', { name: 'Enregistrer dans mes favoris' }).click();
  await expect(page.getByRole('dialog', { name: 'Rejoignez Colibri pour continuer' })).toBeVisible();

  await signedIn(page, 'fan');
  // From a card of a filtered list.
  await page.goto('/fr/trajets?from=Tozeur&to=Gen%C3%A8ve');
  const card = page.locator('article').filter({ has: page.locator(`a[href="/fr/trajet/${trip.id}"]`) });
  const cardHeart = card.getByRole('button', { name: 'Enregistrer dans mes favoris' });
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
  await settled(page, 'PUT', () => cardHeart.click());
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
  // From a detail page.
  await page.goto(`/fr/colis/${pkg.id}`);
  const heart = page.getByRole('main').getByRole('button', { name: 'Enregistrer dans mes favoris' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await settled(page, 'PUT', () => heart.click());
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/fr/mes-favoris');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { name: '2 annonces ouvertes' })).toBeVisible();
  await expect(page.locator(`a[href="/fr/trajet/${trip.id}"]`)).toBeVisible();
  await expect(page.locator(`a[href="/fr/colis/${pkg.id}"]`)).toBeVisible();
  // An ended listing stays, apart.
  await post(other.request, `travels/${trip.id}/status`, { status: 'expired' });
  await page.reload();
  await expect(page.getByRole('heading', { name: '1 annonce terminée' })).toBeVisible();
  await expect(page.locator('[data-ended]').locator(`a[href="/fr/trajet/${trip.id}"]`)).toBeVisible();
  // Unfavourite from mes-favoris.
  const saved = page.locator(`[data-favourite="package:${pkg.id}"]`);
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await settled(page, 'DELETE', () => saved.click());
  await expect(saved).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.locator(`a[href="/fr/colis/${pkg.id}"]`)).toHaveCount(0);
  await other.close();
});

test('rate once after a delivered deal, refused the second time and without a deal; report a member', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const carrierContext = await browser.newContext();
  const carrier = await newMember(carrierContext.request, 'carrier', 'Walid');
  await verifyPhone(carrierContext.request, carrier);
  await verifyPhone(page.context().request, await signedIn(page, 'sender', 'Ines'));
  const stranger = await newMember((await browser.newContext()).request, 'stranger', 'Omar');
  const pkg = await post(page.context().request, 'packages', parcel());
  const proposal = await post(carrierContext.request, 'proposals', {
    listingKind: 'package',
    listingId: pkg.id,
    amount: 35,
  });
  const accepted = await post(page.context().request, `proposals/${proposal.id}/accept`);
  await post(carrierContext.request, `proposals/${proposal.id}/pickup`, { code: accepted.handover.pickupCode });
  await post(carrierContext.request, `proposals/${proposal.id}/deliver`, { code: accepted.handover.deliveryCode });

  await page.goto(`/fr/profil/${carrier.id}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { name: 'Walid G.' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Noter ce membre' });
  await form.getByRole('radio', { name: '5 étoiles' }).check();
  await form.getByLabel('Votre avis (facultatif)').fill('Colis livré à temps, merci !');
  await form.getByRole('button', { name: 'Publier mon avis' }).click();
  await expect(page.getByText('Vous avez noté ce membre. Merci !')).toBeVisible();
  await expect(page.getByText('Colis livré à temps, merci !')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 avis' })).toBeVisible();
  // The second time, and without a deal: refused.
  const again = await page.context().request.post(`/api/user/v1/users/${carrier.id}/ratings`, {
    data: { score: 1 },
    headers: client(),
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toBe('Vous avez déjà noté ce membre.');
  await page.goto(`/fr/profil/${stranger.id}`);
  await expect(page.getByText('Vous pourrez noter ce membre après un marché livré')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Noter ce membre' })).toHaveCount(0);
  const none = await page.context().request.post(`/api/user/v1/users/${stranger.id}/ratings`, {
    data: { score: 5 },
    headers: client(),
  });
  expect((await none.json()).error.code).toBe('RATING_NOT_ALLOWED');

  // Report the stranger.
  await page.getByRole('button', { name: 'Signaler' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler Omar' });
  await dialog.getByLabel('Motif').selectOption('scam');
  await dialog.getByLabel('Détails (facultatif)').fill('Demande un virement avant de voir le colis.');
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText('Votre signalement a été transmis à notre équipe.')).toBeVisible();
  await carrierContext.close();
});

test('delete a trip and a parcel through the confirmation dialog; the parcel’s photos are gone', async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.context().request;
  await newMember(request, 'deleter');
  const trip = await post(request, 'travels', {
    from: { city: 'Kairouan' },
    to: { city: 'Nice' },
    startedAt: soon(3),
    endedAt: soon(4),
    pricePerKg: 7,
    currency: 'EUR',
    travelType: 'car',
  });
  const pkg = await post(request, 'packages', parcel());
  const png = readFileSync('public/og.png');
  const photos = await request.post(`/api/user/v1/packages/${pkg.id}/images`, {
    multipart: { images: { name: 'colis.png', mimeType: 'image/png', buffer: png } },
    headers: client(),
  });
  const photo = `/uploads/${(await photos.json()).data[0].key}`;
  expect((await request.get(photo)).status()).toBe(200);

  await page.goto('/fr/mes-trajets');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const item = page.locator('article').filter({ hasText: 'Kairouan → Nice' });
  await item.getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer ce trajet ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await item.getByRole('button', { name: 'Supprimer' }).click();
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page.getByText('Vous n’avez pas encore publié de trajet.')).toBeVisible();
  expect((await request.get(`/api/user/v1/travels/${trip.id}`)).status()).toBe(404);

  await page.goto('/fr/mes-colis');
  await page
    .locator('article')
    .filter({ hasText: 'Tozeur → Genève' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(page.getByText('Ses photos seront supprimées aussi.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page.getByText('Vous n’avez pas encore publié de colis.')).toBeVisible();
  // Its files are removed by a job enqueued with the delete.
  await expect.poll(async () => (await request.get(photo)).status(), { timeout: 15_000 }).toBe(404);
});

test('settings: each password error, the change; download my data; delete the account', async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.context().request;
  const m = await newMember(request, 'settings');
  const pkg = await post(request, 'packages', parcel());
  await page.goto('/fr/parametres');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const section = page.locator('#mot-de-passe');
  const submit = section.getByRole('button', { name: 'Changer le mot de passe' });
  const fill = async (current: string, next: string, confirm: string) => {
    await section.getByLabel('Mot de passe actuel').fill(current);
    await section.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
    await section.getByLabel('Confirmez le nouveau mot de passe').fill(confirm);
    await submit.click();
  };
  await fill('secret12', 'abc', 'abc');
  await expect(section.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeVisible();
  await fill('secret12', 'newpass1', 'newpass2');
  await expect(section.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await fill('wrongpass', 'newpass1', 'newpass1');
  await expect(section.getByText('Mot de passe actuel invalide.')).toBeVisible();
  await fill('secret12', 'secret12', 'secret12');
  await expect(section.getByText('Le nouveau mot de passe doit être différent de l’ancien.')).toBeVisible();
  await fill('secret12', 'newpass1', 'newpass1');
  await expect(page.getByRole('status').filter({ hasText: 'Votre mot de passe a été changé.' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger mes données' }).click();
  const file = await (await download).path();
  const data = JSON.parse(readFileSync(file, 'utf8'));
  expect(data.account.email).toBe(m.email);
  expect(data.listings.packages[0].id).toBe(pkg.id);

  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await dialog.getByLabel('Mot de passe actuel').fill('newpass1');
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  const signIn = await request.post('/api/user/v1/auth/sign-in', {
    data: { email: m.email, password: 'newpass1' },
    headers: client(),
  });
  expect((await signIn.json()).error.code).toBe('INVALID_CREDENTIALS');
  expect((await request.get(`/api/user/v1/packages/${pkg.id}`)).status()).toBe(404);
  expect((await request.get(`/fr/colis/${pkg.id}`)).status()).toBe(404);
});

test('an alert from a filtered list; its e-mail lands in the outbox after a matching listing is created through the API; one-click unsubscribe', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const watcher = await signedIn(page, 'watcher');
  // A route no other story publishes on: the first matching listing is this one.
  await page.goto('/fr/colis?from=Bizerte&toCountry=CH');
  await page.locator('button[data-alert-member]').click();
  await expect(page.getByText('Alerte enregistrée.')).toBeVisible();
  await page.getByRole('link', { name: 'Gérer mes alertes' }).click();
  await expect(page.locator('#alertes').getByText('Bizerte → Suisse')).toBeVisible();

  const publisher = await browser.newContext();
  await newMember(publisher.request, 'publisher');
  const since = Date.now();
  const pkg = await post(
    publisher.request,
    'packages',
    parcel({ from: { city: 'Bizerte' }, to: { city: 'Lausanne' } }),
  );
  const mail = await waitForOutbox(watcher.email, since);
  expect(mail.subject).toBe('Une nouvelle annonce pour votre alerte Bizerte → Suisse');
  expect(mail.text).toContain(`http://localhost:3000/fr/colis/${pkg.id}`);
  const unsubscribe = mail.text.split('\n').find((line) => line.includes('/desabonnement-alerte'))!;
  await page.goto(linkIn(unsubscribe));
  await expect(page.getByText('C’est fait : vous ne recevrez plus d’e-mail pour cette alerte.')).toBeVisible();
  await page.goto('/fr/parametres#alertes');
  await expect(page.locator('#alertes').getByText('Aucune alerte.')).toBeVisible();
  await publisher.close();
});

test('member screens and a profile have no accessibility violations, in fr and ar at 390 px', async ({ page }) => {
  test.setTimeout(150_000);
  const m = await newMember(page.context().request, 'axe');
  await post(page.context().request, 'packages', parcel());
  await page.setViewportSize({ width: 390, height: 844 });
  for (const prefix of ['fr', 'ar'])
    for (const path of ['mon-dashboard', 'mes-colis', 'mes-favoris', 'parametres', 'paiements', `profil/${m.id}`]) {
      await page.goto(`/${prefix}/${path}`);
      await expect(page.locator('h1')).toBeVisible();
      await axe(page);
    }
});
