import { expect, test, type Browser } from './fixtures';
import { axe, newMember, signIn, signedInState } from './helpers';

// Moderation in a browser (issue 22): a member reports another, the moderator suspends them from the
// queue with a reason, their sign-in says why, the moderator lifts it, the audit log shows both. And
// an identity check refused with a reason, sent again, approved: the badge on the profile.

const moderatorEmail = 'moderator@demo.colibri.tn';

async function moderatorPage(browser: Browser) {
  const context = await browser.newContext({ storageState: await signedInState(browser, moderatorEmail) });
  return context.newPage();
}

test('report, suspend with a reason, ACCOUNT_SUSPENDED at sign-in, lift; the audit log shows both', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Nabil's tab stays open on his dashboard, with its live stream.
  const suspectContext = await browser.newContext();
  const suspect = await newMember(suspectContext.request, 'suspect', 'Nabil');
  const suspectPage = await suspectContext.newPage();
  await suspectPage.goto('/fr/mon-dashboard');
  await expect(suspectPage.getByLabel('Mon compte : Nabil').filter({ visible: true })).toHaveCount(1);

  // A member reports Nabil from his profile.
  await newMember(page.context().request, 'reporter', 'Hela');
  // The dashboard writes the browser's session mirror, which the profile's buttons read.
  await page.goto('/fr/mon-dashboard');
  await page.goto(`/fr/profil/${suspect.id}`);
  await page.getByRole('button', { name: 'Signaler' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler Nabil' });
  await dialog.getByLabel('Motif').selectOption('scam');
  await dialog.getByLabel('Détails (facultatif)').fill('Demande un virement avant la remise.');
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog).toBeHidden();

  // Anyone but staff gets the 404 page.
  expect((await page.goto('/fr/moderation'))!.status()).toBe(404);

  // The moderator sees it in the queue and suspends Nabil from his record.
  const mod = await moderatorPage(browser);
  await mod.goto('/fr/moderation');
  await expect(mod.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const group = mod.getByRole('listitem').filter({ hasText: suspect.email });
  await expect(group.getByText('Tentative d’arnaque')).toBeVisible();
  await expect(group.getByText('Demande un virement avant la remise.')).toBeVisible();
  await axe(mod);
  await group.getByRole('link', { name: 'Ouvrir la fiche' }).click();
  await expect(mod.getByRole('heading', { name: 'Fiche de Nabil Mejri' })).toBeVisible();
  const actions = mod.getByRole('form', { name: 'Agir' });
  await actions.getByLabel('Action').selectOption('suspend');
  await actions.getByLabel('Motif (envoyé au membre)').fill('Arnaque au virement confirmée');
  await actions.getByRole('button', { name: 'Valider' }).click();
  await expect(mod.getByText(/Suspendu depuis le .*: Arnaque au virement confirmée/)).toBeVisible();

  // His open tab loses its session: the stream ends, the header shows the visitor's links again.
  await expect(suspectPage.getByRole('link', { name: 'Connexion', exact: true }).filter({ visible: true })).toHaveCount(
    1,
    {
      timeout: 30_000,
    },
  );
  expect((await (await suspectPage.request.get('/api/user/v1/auth/session')).json()).data).toBeNull();
  await suspectContext.close();

  // Nabil's sign-in says why, and how to appeal.
  const again = await (await browser.newContext()).newPage();
  await signIn(again, suspect.email, 'secret12');
  await expect(again.getByText(/Ce compte est suspendu par la modération.*page contact/)).toBeVisible();

  // The moderator lifts it; the log shows both, newest first.
  await actions.getByLabel('Action').selectOption('lift_suspension');
  await actions.getByLabel('Motif (envoyé au membre)').fill('Erreur, compte rétabli');
  await actions.getByRole('button', { name: 'Valider' }).click();
  const log = mod.getByTestId('moderation-log').getByRole('listitem');
  await expect(log).toHaveCount(2);
  await expect(log.nth(0)).toContainText('Lever la suspension');
  await expect(log.nth(0)).toContainText('Erreur, compte rétabli');
  await expect(log.nth(1)).toContainText('Suspendre le compte');
  await expect(log.nth(1)).toContainText('Arnaque au virement confirmée');
  await axe(mod);
  await signIn(again, suspect.email, 'secret12');
  await again.waitForURL(/\/fr\/(app-mobile|modifier-telephone)$/);
});

test('identity: refused with a reason the member sees, sent again, approved: the badge on the profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const applicant = await newMember(page.context().request, 'applicant', 'Rym');
  const send = async () => {
    // A full load each time (a `#` change alone would keep the page as it was).
    await page.goto('/fr/parametres');
    const section = page.locator('#identite');
    await section.getByLabel('Pièce d’identité (carte, passeport ou permis)').setInputFiles('public/og.png');
    await section.getByLabel('Selfie, votre visage bien visible').setInputFiles('public/og.png');
    await section.getByRole('button', { name: 'Envoyer pour vérification' }).click();
    await expect(section.getByText('Vos photos sont en cours d’examen.')).toBeVisible();
  };
  await send();

  const mod = await moderatorPage(browser);
  const decide = async (decision: 'Approuver' | 'Refuser', reason = '') => {
    await mod.goto(`/fr/moderation/membre/${applicant.id}`);
    const checks = mod.getByRole('region', { name: 'Vérifications d’identité' });
    // Newest first: the check waiting for a decision.
    await expect(checks.getByRole('img', { name: 'Pièce d’identité' }).first()).toBeVisible();
    await checks.getByLabel('Motif du refus (montré au membre)').fill(reason);
    await checks.getByRole('button', { name: decision }).click();
    await expect(checks.getByRole('button', { name: decision })).toHaveCount(0);
  };
  await decide('Refuser', 'Photo floue, document illisible');

  await page.goto('/fr/parametres');
  await expect(page.getByTestId('identity-refused')).toContainText('Photo floue, document illisible');
  await send();
  await decide('Approuver');

  await page.goto(`/fr/profil/${applicant.id}`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Identité vérifiée' })).toHaveClass(/text-green-800/);
});

test('report this listing: from its page, the owner’s report dialog about it; the queue shows the listing', async ({
  page,
  browser,
}) => {
  await newMember(page.context().request, 'listing-reporter', 'Olfa');
  await page.goto('/fr/mon-dashboard');
  await page.goto('/fr/colis?sort=recent');
  await page.locator('main a[href^="/fr/colis/"]').first().click();
  await expect(page).toHaveURL(/\/fr\/colis\/[^/?]+$/);
  await page.getByRole('link', { name: 'Signaler cette annonce' }).click();
  const dialog = page.getByRole('dialog', { name: /^Signaler / });
  await expect(dialog.getByText('Votre signalement portera sur son annonce')).toBeVisible();
  await dialog.getByLabel('Motif').selectOption('scam');
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog).toBeHidden();

  // Staff reach the queue from their dashboard.
  const mod = await moderatorPage(browser);
  await mod.goto('/fr/mon-dashboard');
  await mod.getByRole('link', { name: 'File de modération' }).click();
  await expect(mod).toHaveURL(/\/fr\/moderation$/);
  const group = mod.getByRole('listitem').filter({ hasText: 'par Olfa Mejri' }).first();
  await expect(group).toContainText('Annonce : ');
  await expect(group).toContainText('Tentative d’arnaque');
});
