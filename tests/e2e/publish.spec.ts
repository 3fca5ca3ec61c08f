import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { demo, signIn } from './helpers';
import { todayInTunis } from '@/lib/schemas/publish';

// Publishing from the site (issue 21): publier-colis, publier-trajet, modifier-*, and who may.

const inDays = (days: number) => todayInTunis(new Date(Date.now() + days * 24 * 3600 * 1000));
const photo = async (name: string, colour: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});

async function pickCity(page: Page, label: string, typed: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await expect(box).toHaveValue(option);
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test('a verified sender publishes a parcel with three photos in French; bad fields show their messages', async ({
  page,
}) => {
  await signIn(page, demo.sender);
  await page.waitForURL(/\/fr\/app-mobile$/);
  // ajouter-colis still offers the app, and links to the form.
  await page.goto('/fr/ajouter-colis');
  await page.getByRole('link', { name: 'Publier mon colis sur le site' }).click();
  await expect(page).toHaveURL(/\/fr\/publier-colis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Publier un colis' })).toBeVisible();

  await page.getByRole('button', { name: 'Aperçu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Corrigez les champs signalés.' })).toBeVisible();
  for (const message of [
    'Sélectionnez une adresse.',
    'Le poids doit être supérieur à 0.',
    'Choisissez la taille du colis.',
    'Décrivez le contenu du colis.',
    'Confirmez que le colis ne contient aucun objet interdit.',
    'Ajoutez un titre.',
    'Choisissez une devise.',
  ])
    await expect(page.getByText(message).first()).toBeVisible();
  await expect(page.getByLabel('Poids (kg)')).toHaveAccessibleDescription('Le poids doit être supérieur à 0.');
  // A city left unchosen says one thing, once: the error, not the hint beside it.
  await expect(page.getByRole('combobox', { name: 'Ville de départ' })).toHaveAccessibleDescription(
    'Sélectionnez une adresse.',
  );
  await expect(page.getByText('Choisissez une ville dans la liste.')).toHaveCount(0);
  await axeClean(page);

  const title = `Épices pour Marseille ${Date.now()}`;
  await pickCity(page, 'Ville de départ', 'Sfa', /^Sfax,/);
  await pickCity(page, 'Ville d’arrivée', 'Marseil', /^Marseille,/);
  // Both cities chosen: the prices asked on the route, as its page shows them.
  await expect(page.getByRole('status').filter({ hasText: 'Sfax' })).toContainText(
    /Prix demandés sur ce trajet|Pas encore d’annonce de Sfax à Marseille/,
  );
  await page.getByLabel('Disponible à partir du').fill(inDays(-1));
  await page.getByLabel('À livrer au plus tard le').fill(inDays(5));
  await page.getByLabel('Poids (kg)').fill('4');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await expect(page.getByLabel('Disponible à partir du')).toHaveAccessibleDescription(
    'La date ne peut pas être passée.',
  );
  await page.getByLabel('Disponible à partir du').fill(inDays(6));
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await expect(page.getByLabel('À livrer au plus tard le')).toHaveAccessibleDescription(
    'La date de départ doit être antérieure à la date d’arrivée.',
  );
  await page.getByLabel('À livrer au plus tard le').fill(inDays(9));
  await page.getByRole('radio', { name: /Moyen/ }).check();
  await page.getByLabel('Contenu du colis').fill('Harissa, dattes et huile d’olive');
  await page.getByRole('checkbox', { name: /aucun objet interdit/ }).check();
  await page.getByLabel('Prix par kg').fill('12');
  await page.getByLabel('Devise').selectOption('EUR');
  await page.getByLabel('Titre de l’annonce').fill(title);
  await page
    .getByLabel('Ajouter des photos')
    .setInputFiles([await photo('a.png', '#d19209'), await photo('b.png', '#3b5173'), await photo('c.png', '#225522')]);
  await page.getByLabel('Ajouter des photos').setInputFiles([await photo('d.png', '#aa0000')]);
  const thumbs = page.getByRole('button', { name: /^Retirer la photo/ });
  await expect(thumbs).toHaveCount(4);
  await page.getByRole('button', { name: 'Retirer la photo 4' }).click();
  await expect(thumbs).toHaveCount(3);

  await page.getByRole('button', { name: 'Aperçu' }).click();
  const preview = page.getByRole('region', { name: 'Vérifiez votre annonce' });
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('Harissa, dattes et huile d’olive');
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre annonce est publiée.' })).toBeVisible();
  await page.waitForURL(/\/fr\/colis\/[\w-]{10,}$/);
  const id = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sfax');
  await expect(page.getByText('Harissa, dattes et huile d’olive')).toBeVisible();
  await expect(page.getByText('Moyen', { exact: true })).toBeVisible();
  const listing = await (await page.request.get(`/api/user/v1/packages/${id}`)).json();
  expect(listing.data.images).toHaveLength(3);
  expect(listing.data.images[0].width).toBeLessThanOrEqual(1200);

  // On the list of its route and in the sitemap within seconds (the page cache is purged on create).
  await expect
    .poll(async () => (await page.request.get('/fr/colis?from=Sfax&to=Marseille')).text(), { timeout: 10_000 })
    .toContain(id);
  await expect.poll(async () => (await page.request.get('/sitemaps/0.xml')).text(), { timeout: 10_000 }).toContain(id);
});

test('the owner edits, duplicates and closes a parcel from mes-colis', async ({ page }) => {
  await signIn(page, demo.sender);
  await page.waitForURL(/\/fr\/app-mobile$/);
  const title = `Livres pour Lyon ${Date.now()}`;
  const created = await page.request.post('/api/user/v1/packages', {
    data: {
      name: title,
      from: { city: 'Tunis' },
      to: { city: 'Lyon' },
      startedAt: `${inDays(3)}T00:00:00Z`,
      endedAt: `${inDays(8)}T23:59:59+01:00`,
      weightKg: 5,
      pricePerKg: 9,
      currency: 'EUR',
      size: 'small',
      contents: 'Livres',
      noProhibitedItems: true,
    },
  });
  const id = (await created.json()).data.id as string;
  const card = () => page.getByRole('article').filter({ hasText: title });

  await page.goto('/fr/mes-colis');
  await card().getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/modifier-colis/${id}$`));
  await expect(page.getByLabel('Titre de l’annonce')).toHaveValue(title);
  await expect(page.getByRole('combobox', { name: 'Ville d’arrivée' })).toHaveValue(/^Lyon/);
  await page.getByLabel('Prix par kg').fill('11');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre annonce est mise à jour.' })).toBeVisible();
  await page.waitForURL(new RegExp(`/fr/colis/${id}$`));
  await expect(page.getByText(/11,00\s€/).first()).toBeVisible();

  await page.goto('/fr/mes-colis');
  await card().first().getByRole('link', { name: 'Dupliquer' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/publier-colis\\?from=${id}$`));
  await expect(page.getByLabel('Titre de l’annonce')).toHaveValue(title);
  await expect(page.getByLabel('Disponible à partir du')).toHaveValue('');
  await page.getByLabel('Disponible à partir du').fill(inDays(20));
  await page.getByLabel('À livrer au plus tard le').fill(inDays(25));
  await page.getByRole('checkbox', { name: /aucun objet interdit/ }).check();
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La copie de votre annonce est publiée.' })).toBeVisible();
  await page.waitForURL(/\/fr\/colis\/[\w-]{10,}$/);
  expect(page.url()).not.toContain(id);

  await page.goto('/fr/mes-colis');
  await expect(card()).toHaveCount(2);
  const original = page.getByRole('article').filter({ has: page.locator(`a[href$="/fr/modifier-colis/${id}"]`) });
  await original.getByRole('button', { name: 'Clore l’annonce' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Annonce close.' })).toBeVisible();
  await expect(original.getByText('Expiré')).toBeVisible();

  // Someone else's listing cannot be edited: the 404 page.
  const other = await (await page.request.get('/api/user/v1/travels?limit=1')).json();
  const response = await page.goto(`/fr/modifier-trajet/${other.data.items[0].id}`);
  expect(response?.status()).toBe(404);
});

test('a verified traveller publishes a trip in Arabic on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demo.traveller);
  await page.waitForURL(/\/fr\/app-mobile$/);
  await page.goto('/ar/publier-trajet');
  await expect(page.getByRole('heading', { level: 1, name: 'انشر رحلة' })).toBeVisible();
  await page.getByRole('button', { name: 'معاينة' }).click();
  await expect(page.getByText('اختر عنوانًا.').first()).toBeVisible();
  await axeClean(page);

  await pickCity(page, 'مدينة الانطلاق', 'سوس', /^سوسة،/);
  await pickCity(page, 'مدينة الوصول', 'نيس', /^نيس،/);
  await page.getByLabel('تاريخ الانطلاق').fill(inDays(4));
  await page.getByLabel('تاريخ الوصول').fill(inDays(5));
  await page.getByLabel('وسيلة النقل').selectOption('plane');
  await page.getByLabel('السعر للكيلوغرام').fill('0');
  await page.getByLabel('العملة').selectOption('TND');
  await page.getByRole('button', { name: 'معاينة' }).click();
  await expect(page.getByLabel('السعر للكيلوغرام')).toHaveAccessibleDescription(/السعر/);
  await page.getByLabel('السعر للكيلوغرام').fill('25');
  await page.getByRole('button', { name: 'معاينة' }).click();
  await expect(page.getByRole('region', { name: 'راجع إعلانك' })).toContainText('طائرة');
  await page.getByRole('button', { name: 'انشر', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'تم نشر إعلانك.' })).toBeVisible();
  await page.waitForURL(/\/ar\/trajet\/[\w-]{10,}$/);
  const id = page.url().split('/').at(-1)!;
  await expect
    .poll(async () => (await page.request.get('/ar/trajets?from=Sousse&to=Nice')).text(), { timeout: 10_000 })
    .toContain(id);
});

test('a member without a verified phone is sent to verify it; a guest to sign in', async ({ page, request }) => {
  const guest = await request.get('/fr/publier-trajet', { maxRedirects: 0 });
  expect(guest.status()).toBe(307);
  expect(guest.headers().location).toMatch(/\/fr\/connexion\?next=%2Ffr%2Fpublier-trajet$/);
  await signIn(page, demo.newcomer);
  await page.waitForURL(/\/fr\/modifier-telephone$/);
  await page.goto('/fr/publier-colis');
  await expect(page).toHaveURL(/\/fr\/verification-telephone$/);
});
