import { expect, test } from './fixtures';
import { demo, linkIn, signIn, waitForOutbox } from './helpers';

test('sign up, confirm from the outbox link, verify the phone, sign out and sign in again', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `e2e-${Date.now()}@test.colibri.tn`;
  const phone = `+2162${String(Date.now()).slice(-7)}`;

  await page.goto('/fr/inscription');
  await page.getByRole('main').getByLabel('Prénom').fill('Yasmine');
  await page.getByRole('main').getByLabel('Nom', { exact: true }).fill('Bouazizi');
  await page.getByRole('main').getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('main').getByLabel('Date de naissance').fill('1995-06-15');
  await expect(page.getByRole('main').getByText('15 juin 1995')).toBeVisible();
  await page.getByRole('main').getByLabel('Mot de passe', { exact: true }).fill('secret12');
  await page.getByRole('main').getByLabel('Confirmez le mot de passe').fill('secret12');
  await page.getByRole('main').getByLabel('J’accepte les conditions générales d’utilisation').check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  // The same answer whether or not the address was registered: where the link went, and a resend.
  await expect(page.getByText(`C’est presque fini : nous avons envoyé un e-mail à ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/inscription$/);
  await page.getByRole('button', { name: 'Renvoyer l’e-mail' }).click();
  await expect(page.getByText('Un nouvel e-mail de confirmation vient d’être envoyé.')).toBeVisible();

  const mail = await waitForOutbox(email);
  expect(mail.subject).toBe('Confirmez votre adresse e-mail Colibri');
  await page.goto(linkIn(mail.text));
  // The link proves the mailbox; the password chosen at sign-up says which sign-up it confirms.
  await expect(page.getByText('saisissez le mot de passe que vous avez choisi en vous inscrivant')).toBeVisible();
  await page.getByLabel('Mot de passe choisi à l’inscription').fill('wrong123');
  await page.getByRole('button', { name: 'Confirmer mon adresse' }).click();
  await expect(page.getByText('Ce n’est pas le mot de passe choisi à l’inscription.')).toBeVisible();
  await page.getByLabel('Mot de passe choisi à l’inscription').fill('secret12');
  await page.getByRole('button', { name: 'Confirmer mon adresse' }).click();
  await expect(page.getByText('Merci, votre adresse e-mail est confirmée.')).toBeVisible();
  // The link never signs in: the member signs in with the password, then the phone step.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  await page.getByRole('link', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/fr\/connexion$/);
  await signIn(page, email, 'secret12');
  await expect(page).toHaveURL(/\/fr\/modifier-telephone$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const dial = page.getByRole('main').getByLabel('Indicatif', { exact: true });
  await expect(dial).toHaveValue('TN');
  // The countries listings go to are offered (codes go nowhere else), the served nine first; the search
  // narrows the list and picks a country.
  expect(await dial.locator('option').count()).toBe(17);
  await page.getByRole('main').getByLabel('Chercher un pays (nom ou indicatif)').fill('turq');
  await expect(dial).toHaveValue('TR');
  await expect(dial.locator('option')).toHaveText(['\u200E+90 Turquie']);
  await page.getByRole('main').getByLabel('Chercher un pays (nom ou indicatif)').fill('');
  await dial.selectOption('TN');
  await page.getByRole('main').getByLabel('Numéro de téléphone').fill(phone.slice(4));
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page).toHaveURL(/\/fr\/verification-telephone\?phone=/);
  await expect(page.getByRole('button', { name: /Renvoyer le code dans \d+ secondes?/ })).toBeDisabled();
  const sms = await waitForOutbox(phone, sentAt);
  const code = /\b(\d{6})\b/.exec(sms.text)![1]!;
  await page.getByRole('main').getByLabel('Code de vérification').fill(code);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/fr\/app-mobile$/);
  await expect(page.getByRole('status').filter({ hasText: 'Votre numéro est vérifié.' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({
    firstname: 'Yasmine',
    verifiedPhone: true,
  });

  await page.goto('/fr/mon-dashboard');
  // Grouped as people write it: +216 2X XXX XXX.
  const grouped = `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
  await expect(page.getByText(`Téléphone vérifié : ${grouped}`)).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await page.goto('/fr/mon-dashboard');
  await expect(page).toHaveURL(/\/fr\/connexion\?next=/);

  await signIn(page, email, 'secret12');
  await expect(page).toHaveURL(/\/fr\/app-mobile$/);
});

test('forgot and reset the password from the outbox link', async ({ page, request }) => {
  const email = `reset-${Date.now()}@test.colibri.tn`;
  const created = await request.post('/api/user/v1/auth/sign-up', {
    headers: { 'x-locale': 'en' },
    data: {
      firstname: 'Nour',
      lastname: 'Mansour',
      email,
      password: demo.password,
      confirmPassword: demo.password,
      birthDate: '1988-03-03',
      acceptTerms: true,
    },
  });
  expect(created.status()).toBe(200);
  await page.goto(linkIn((await waitForOutbox(email)).text));
  await page.getByLabel('Password chosen at sign-up').fill(demo.password);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByText('Thank you, your e-mail address is confirmed.')).toBeVisible();

  await page.goto('/en/mot-de-passe-oublie');
  await page.getByRole('main').getByLabel('E-mail address').fill(email);
  const askedAt = Date.now();
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('If an account exists for this address')).toBeVisible();
  const mail = await waitForOutbox(email, askedAt);
  expect(mail.subject).toBe('Reset your Colibri password');
  await page.goto(linkIn(mail.text));
  await page.getByRole('main').getByLabel('New password', { exact: true }).fill(demo.password);
  await page.getByRole('main').getByLabel('Confirm the new password').fill(demo.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The new password must differ from the old one.')).toBeVisible();
  await page.getByRole('main').getByLabel('New password', { exact: true }).fill('newpass99');
  await page.getByRole('main').getByLabel('Confirm the new password').fill('newpass99');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await signIn(page, email, 'newpass99', 'en');
  await expect(page).toHaveURL(/\/en\/modifier-telephone$/);
});

test.describe('connexion sends signed-in users on', () => {
  test('a verified phone goes to app-mobile', async ({ page }) => {
    await signIn(page, demo.sender);
    await expect(page).toHaveURL(/\/fr\/app-mobile$/);
    await page.goto('/fr/connexion');
    await expect(page).toHaveURL(/\/fr\/app-mobile$/);
  });

  test('an unverified phone goes to modifier-telephone', async ({ page }) => {
    await signIn(page, demo.newcomer);
    await expect(page).toHaveURL(/\/fr\/modifier-telephone$/);
    await page.goto('/fr/connexion');
    await expect(page).toHaveURL(/\/fr\/modifier-telephone$/);
    await page.goto('/en/inscription');
    await expect(page).toHaveURL(/\/en\/modifier-telephone$/);
  });

  test('every demo account signs in', async ({ page }) => {
    for (const email of [demo.sender, demo.traveller, demo.newcomer]) {
      await page.context().clearCookies();
      await signIn(page, email);
      await expect(page).toHaveURL(email === demo.newcomer ? /\/fr\/modifier-telephone$/ : /\/fr\/app-mobile$/);
    }
  });
});

test.describe('validation messages, translated, beside the fields', () => {
  test('sign-up', async ({ page }) => {
    await page.goto('/fr/inscription');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    for (const message of [
      'Ajoutez votre prénom.',
      'Ajoutez votre nom.',
      'Adresse e-mail invalide.',
      'Indiquez votre date de naissance.',
      'Le mot de passe doit contenir au moins 6 caractères.',
      'Confirmez le mot de passe.',
      'Vous devez accepter les conditions d’utilisation.',
    ])
      await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Prénom')).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('main').getByLabel('Mot de passe', { exact: true }).fill('secret12');
    await page.getByRole('main').getByLabel('Confirmez le mot de passe').fill('secret13');
    await page
      .getByRole('main')
      .getByLabel('Date de naissance')
      .fill(`${new Date().getFullYear() - 17}-01-01`);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
    await expect(page.getByText('Vous devez avoir au moins 18 ans.')).toBeVisible();
  });

  test('sign-up in Arabic, and an e-mail already in use answers as a new one', async ({ page }) => {
    await page.goto('/ar/inscription');
    await page.getByRole('button').filter({ hasText: /حساب/ }).last().click();
    await expect(page.getByText('أضف اسمك الأول.').or(page.locator('#firstname-error'))).toBeVisible();
    await expect(page.locator('#firstname-error')).toHaveText(/[\u0600-\u06FF]/);

    await page.goto('/fr/inscription');
    await page.getByRole('main').getByLabel('Prénom').fill('Amira');
    await page.getByRole('main').getByLabel('Nom', { exact: true }).fill('Ben Salah');
    await page.getByRole('main').getByLabel('Adresse e-mail').fill(demo.sender);
    await page.getByRole('main').getByLabel('Date de naissance').fill('1990-01-01');
    await page.getByRole('main').getByLabel('Mot de passe', { exact: true }).fill('secret12');
    await page.getByRole('main').getByLabel('Confirmez le mot de passe').fill('secret12');
    await page.getByRole('main').getByLabel('J’accepte les conditions générales d’utilisation').check();
    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    // No enumeration: the page says what it says for a new address; the owner hears of it by e-mail.
    await expect(page.getByText(`C’est presque fini : nous avons envoyé un e-mail à ${demo.sender}.`)).toBeVisible();
    await expect(page.locator('#email-error')).toHaveCount(0);
    expect((await waitForOutbox(demo.sender, sentAt)).subject).toBe('Votre compte Colibri existe déjà');
  });

  test('sign-in', async ({ page }) => {
    await page.goto('/fr/connexion');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Adresse e-mail invalide.')).toBeVisible();
    await expect(page.getByText('Saisissez votre mot de passe.')).toBeVisible();
    await signIn(page, demo.sender, 'wrong-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect.');
  });

  test('phone and code', async ({ page }) => {
    await signIn(page, demo.newcomer);
    await expect(page).toHaveURL(/\/fr\/modifier-telephone$/);
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await expect(page.getByText('Saisissez votre numéro de téléphone.')).toBeVisible();
    await page.getByRole('main').getByLabel('Numéro de téléphone').fill('12');
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await expect(page.locator('#phone-error')).toHaveText('Numéro de téléphone invalide.');
    await page.goto('/fr/verification-telephone');
    await page.getByRole('main').getByLabel('Code de vérification').fill('12345');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByText('Le code contient 6 chiffres.')).toBeVisible();
    await page.getByRole('link', { name: 'Passer cette étape' }).click();
    await expect(page).toHaveURL(/\/fr\/app-mobile$/);
  });
});
