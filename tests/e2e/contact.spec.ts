import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { outboxTo } from './helpers';

// The contact form refuses each bad field and an unsolved or replayed captcha, beside the field; a
// good message lands in the outbox twice (support, and a copy to the sender). The captcha is the real
// ALTCHA widget solving a real challenge of the server.

const support = 'support@colibri.tn';

async function open(page: Page) {
  await page.goto('/fr/contact');
  const send = page.getByRole('button', { name: 'Envoyer le message' });
  // The captcha's script loads when the form gets the focus (or the captcha comes into view).
  await page.getByRole('main').getByLabel('Votre nom').focus();
  await expect(send).toBeEnabled();
  return send;
}

async function fillGood(page: Page, email: string, message: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Votre nom').fill('Amel Ben Salah');
  await main.getByLabel('Votre adresse e-mail').fill(email);
  await main.getByLabel('Objet').fill('Colis arrivé abîmé');
  await main.getByLabel('Votre message').fill(message);
}

async function solveCaptcha(page: Page) {
  const box = page.getByRole('checkbox', { name: 'Je ne suis pas un robot' });
  await expect(box).not.toBeChecked();
  // The widget draws its own box over the input: a visitor clicks its label.
  await page.getByRole('main').getByText('Je ne suis pas un robot', { exact: true }).click();
  await expect(page.getByRole('main').getByText('Vérifié')).toBeVisible({ timeout: 30_000 });
}

test('each bad field, and an unsolved captcha, are refused beside the field; nothing is sent', async ({ page }) => {
  const send = await open(page);
  const main = page.getByRole('main');
  await send.click();
  await expect(main.getByLabel('Votre nom')).toHaveAttribute('aria-invalid', 'true');
  for (const message of [
    'Le nom doit contenir au moins 2 caractères.',
    'Adresse e-mail invalide.',
    'L’objet doit contenir au moins 4 caractères.',
    'Écrivez votre message.',
    'Cochez la case « Je ne suis pas un robot ».',
  ])
    await expect(main.getByText(message)).toBeVisible();

  // Each field on its own: too short a name or subject, a bad address; then all good but the captcha.
  const email = `contact-${randomUUID().slice(0, 8)}@test.colibri.tn`;
  await fillGood(page, email, 'Bonjour, une question.');
  await main.getByLabel('Votre nom').fill('A');
  await main.getByLabel('Votre adresse e-mail').fill('amel@');
  await main.getByLabel('Objet').fill('Aïe');
  await expect(main.getByText('Le nom doit contenir au moins 2 caractères.')).toBeVisible();
  await expect(main.getByText('Adresse e-mail invalide.')).toBeVisible();
  await expect(main.getByText('L’objet doit contenir au moins 4 caractères.')).toBeVisible();
  await expect(main.getByText('Écrivez votre message.')).toBeHidden();

  await fillGood(page, email, 'Bonjour, une question.');
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/v1/contact')) posted = true;
  });
  await send.click();
  await expect(main.getByText('Cochez la case « Je ne suis pas un robot ».')).toBeVisible();
  for (const message of ['Le nom doit contenir', 'Adresse e-mail invalide.', 'L’objet doit contenir'])
    await expect(main.getByText(message)).toBeHidden();
  expect(posted).toBe(false);
  expect(outboxTo(email)).toEqual([]);
});

test('a good message lands in the outbox twice; its captcha solution, replayed, is refused', async ({ page }) => {
  // The widget works under the public pages' policy (its styles inline, its workers from blob: URLs).
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const send = await open(page);
  expect((await page.request.get('/fr/contact')).headers()['content-security-policy']).toContain(
    "worker-src 'self' blob:",
  );
  const email = `contact-${randomUUID().slice(0, 8)}@test.colibri.tn`;
  const message = `Bonjour, mon colis est arrivé abîmé (${randomUUID().slice(0, 8)}).`;
  await fillGood(page, email, message);
  await solveCaptcha(page);
  const request = page.waitForRequest((r) => r.url().endsWith('/api/user/v1/contact') && r.method() === 'POST');
  await send.click();
  const solution = (JSON.parse((await request).postData()!) as { altcha: string }).altcha;
  await expect(page.getByRole('main').getByText('Message envoyé. Nous vous répondons sous 24 heures')).toBeVisible();

  await expect.poll(() => outboxTo(support).filter((m) => m.text.includes(message)).length).toBe(1);
  await expect.poll(() => outboxTo(email).length).toBe(1);
  const copy = outboxTo(email)[0]!;
  expect(copy.subject).toBe('Nous avons bien reçu votre message');
  expect(copy.text).toContain('sous 24 heures');
  expect(copy.text).not.toContain(message);

  // Another message, whose request carries the first one's solution: refused beside the captcha.
  await page.getByRole('button', { name: 'Écrire un autre message' }).click();
  const other = `contact-${randomUUID().slice(0, 8)}@test.colibri.tn`;
  await fillGood(page, other, 'Bonjour, un second message.');
  await solveCaptcha(page);
  await page.route('**/api/user/v1/contact', (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), altcha: solution }) }),
  );
  await send.click();
  await expect(
    page.getByRole('main').getByText('Cette vérification a déjà servi : cochez de nouveau la case.'),
  ).toBeVisible();
  expect(outboxTo(other)).toEqual([]);
  expect(outboxTo(support).filter((m) => m.text.includes('un second message'))).toEqual([]);
  expect(violations).toEqual([]);
});
