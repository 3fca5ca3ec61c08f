import { expect, test } from './fixtures';
import { demo, mirrorUser, signIn } from './helpers';

const member = { id: 'u1', firstname: 'Amira', verifiedPhone: true, unreadMessages: 150 };

test.describe('desktop header (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('guests see the main links, the useful-info submenu and a login link', async ({ page }) => {
    await page.goto('/fr/faq');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const name of ['Trajets', 'Colis', 'Autour de moi', 'Simulateur de prix', 'FAQ', 'À propos']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Comment ça marche' })).toBeHidden();
    await nav.getByText('Infos utiles').click();
    await expect(nav.getByRole('link', { name: 'Comment ça marche' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Devenez transporteur' })).toHaveAttribute(
      'href',
      '/fr/devenez-transporteur',
    );
    await expect(nav.getByRole('link', { name: 'Colibri vs transporteurs' })).toHaveAttribute(
      'href',
      '/fr/comparatif-colibri-vs-transporteurs',
    );
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Comment ça marche' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toHaveAttribute(
      'href',
      '/fr/connexion',
    );
  });

  test('members see their first name, messages with the unread badge and their favourites', async ({ page }) => {
    await mirrorUser(page, member);
    await page.goto('/en');
    const banner = page.getByRole('banner');
    await banner.locator('summary[aria-label="My account: Amira"]').click();
    await expect(banner.getByRole('link', { name: 'My space' })).toHaveAttribute('href', '/en/mon-dashboard');
    await expect(banner.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/en/profil/u1');
    await expect(banner.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/en/parametres');
    await expect(banner.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Messages, unread: 150' }).first()).toHaveText(/Messages\s*99\+/);
    await expect(banner.locator('a[href="/en/mes-favoris"]:visible')).toHaveAccessibleName('Favourites');
  });

  test('the account menu in the header signs out: the session ends on the server and the header shows the login link', async ({
    page,
  }) => {
    await signIn(page, demo.newcomer);
    await page.waitForURL(/\/fr\/(app-mobile|modifier-telephone|verification-telephone)/);
    await page.goto('/fr/faq');
    const banner = page.getByRole('banner');
    await banner.locator('summary[aria-label^="Mon compte"]').click();
    await banner.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(banner.getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(page.getByText('Vous êtes déconnecté')).toBeVisible();
    const session = await page.request.get('/api/user/v1/auth/session');
    expect((await session.json()).data).toBeNull();
  });

  test('a corrupt saved user is logged and ignored', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await mirrorUser(page, '{not json');
    await page.goto('/fr');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect.poll(() => errors.some((e) => e.includes('Could not parse the saved user'))).toBe(true);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  });

  test('the language menu offers the four languages, marks the current one, and keeps the page', async ({ page }) => {
    const banner = page.getByRole('banner');
    const menu = banner.locator('details[open] ul');
    await page.goto('/fr/faq');
    await banner.locator('summary[aria-label^="Langue"]').click();
    await expect(menu.getByRole('link')).toHaveText(['Français', 'English', 'تونسي', 'العربية']);
    await expect(menu.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
    await menu.getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأسئلة الشائعة');

    // On an /ar page Arabic is in the menu, marked current.
    await banner.locator('summary[aria-label^="اللغة"]').click();
    await expect(menu.getByRole('link')).toHaveText(['Français', 'English', 'تونسي', 'العربية']);
    await expect(menu.getByRole('link', { name: 'العربية' })).toHaveAttribute('aria-current', 'true');
    await expect(menu.locator('[aria-current]')).toHaveCount(1);
    await menu.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    expect((await page.context().cookies()).find((c) => c.name === 'i18next')?.value).toBe('en');

    // And back to Arabic from English.
    await banner.locator('summary[aria-label^="Language"]').click();
    await menu.getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/faq$/);
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'i18next')?.value).toBe('ar');
  });

  test('add-a-parcel opens the download-the-app dialog', async ({ page }) => {
    await page.goto('/ar');
    await page.getByRole('banner').getByRole('button', { name: 'أضف طردًا' }).click();
    const dialog = page.getByRole('dialog', { name: 'انشر طردك من التطبيق' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'متوفر على Google Play' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('mobile header (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer opens from the end side, mirrored in Arabic, and closes', async ({ page }) => {
    for (const [prefix, open, close, side] of [
      ['fr', 'Ouvrir le menu', 'Fermer le menu', 'right'],
      ['ar', 'فتح القائمة', 'إغلاق القائمة', 'left'],
    ] as const) {
      await page.goto(`/${prefix}`);
      await expect(page.locator('header nav').last()).toBeHidden();
      await page.getByRole('button', { name: open }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      const box = await drawer.boundingBox();
      if (side === 'right') expect(box!.x + box!.width).toBeGreaterThan(385);
      else expect(box!.x).toBeLessThan(5);
      await expect(drawer.getByRole('link').first()).toBeVisible();
      await page.getByRole('button', { name: close }).click();
      await expect(drawer).toBeHidden();
    }
  });

  test('members find their space and their messages in the drawer, the badge capped on the icon', async ({ page }) => {
    await mirrorUser(page, { ...member, unreadMessages: 42 });
    await page.goto('/tn');
    await expect(page.getByRole('banner').locator('a[href="/tn/messagerie"]:visible')).toHaveText('42');
    await page.getByRole('button', { name: 'حلّ القائمة' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'فضائي' })).toHaveAttribute('href', '/tn/mon-dashboard');
    await expect(drawer.getByRole('button', { name: 'اخرج' })).toBeVisible();
    await expect(drawer.locator('a[href="/tn/messagerie"]')).toHaveText(/42/);
  });

  test('a drawer link navigates and closes the drawer', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/en\/comment-ca-marche$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
