import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { linkIn, outboxTo, waitForOutbox } from './helpers';

// The footer's newsletter: subscribe (inline with JavaScript, a page without), confirm from the
// e-mailed link, unsubscribe from the link of a newsletter e-mail; each step says what happened.

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.colibri.tn`;

test('subscribe inline, confirm by the e-mailed link, unsubscribe by the newsletter’s link', async ({ page }) => {
  const email = unique('news');
  await page.goto('/fr/faq');
  const footer = page.getByRole('contentinfo');
  // Empty: the page's own French error, not the browser's "Please fill out this field."
  await footer.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(footer.getByRole('status')).toHaveAttribute('data-tone', 'error');
  await expect(footer.getByRole('status')).toHaveText(/^[^\s].*\.$/);
  await footer.getByLabel('Votre adresse e-mail').fill(email);
  await footer.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(footer.getByRole('status')).toHaveText(/^C’est noté\. Si cette adresse n’est pas encore inscrite/);
  await expect(page).toHaveURL(/\/fr\/faq$/);

  // The same address again at once: the same words, not an error, and one e-mail only.
  await footer.getByLabel('Votre adresse e-mail').fill(email);
  await footer.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(footer.getByRole('status')).toHaveAttribute('data-tone', 'sent');
  await expect(footer.getByRole('status')).toHaveText(/^C’est noté/);
  await expect.poll(() => outboxTo(email).length).toBe(1);

  // The link opens a page that asks for a click (mail scanners open links).
  const confirmation = await waitForOutbox(email);
  await page.goto(linkIn(confirmation.text));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmer votre inscription');
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/fr\/newsletter\?status=confirmed$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^C’est confirmé/);

  // The welcome is the first newsletter e-mail: it has the way out.
  await expect.poll(() => outboxTo(email).length).toBe(2);
  const welcome = outboxTo(email)[1]!;
  expect(welcome.subject).toBe('Bienvenue dans la newsletter Colibri');
  await page.goto(linkIn(welcome.text.slice(welcome.text.indexOf('-- '))));
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page).toHaveURL(/\/fr\/newsletter\?status=unsubscribed$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^C’est fait : vous êtes désinscrit/);

  // The link has served: following it again says so.
  await page.goBack();
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Ce lien ne fonctionne plus');
});

test('without JavaScript, the footer’s form posts and lands on the newsletter page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = unique('plain');
  await page.goto('/ar/contact');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('بريدك الإلكتروني').fill(email);
  await footer.getByRole('button', { name: 'اشترك' }).click();
  await expect(page).toHaveURL(/\/ar\/newsletter\?status=sent$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^تم تسجيل طلبك/);
  expect((await waitForOutbox(email)).subject).toBe('أكّد اشتراكك في النشرة الإخبارية لكوليبري');
  await context.close();
});
