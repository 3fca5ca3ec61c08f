import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demo } from './helpers';
import { outboxIn } from '../outbox';

// Social sign-in end to end, against a stand-in for Google, Facebook and Apple that speaks their
// protocol (tests/e2e/oauth-provider.mjs). A server of this run's build of its own, with the three
// providers' keys set and its public address its real one (the providers send the browser back there);
// its calls to the providers' hosts reach the stand-in through tests/e2e/oauth-hosts.mjs.

const root = path.resolve(__dirname, '..', '..');
const port = Number(process.env.E2E_PORT ?? 3100) + 6;
const base = `http://localhost:${port}`;
let server: ChildProcess | undefined;
let dataDir = '';
let provider: Awaited<ReturnType<typeof import('./oauth-provider.mjs').startOAuthProvider>> | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { startOAuthProvider } = await import('./oauth-provider.mjs');
  provider = await startOAuthProvider();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-social-'));
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  server = spawn(process.execPath, ['--import', path.join(__dirname, 'oauth-hosts.mjs'), 'scripts/server.mjs'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: base,
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      OAUTH_STAND_IN: provider.url,
      GOOGLE_CLIENT_ID: 'colibri-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      FACEBOOK_CLIENT_ID: 'colibri-facebook',
      FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      APPLE_CLIENT_ID: 'tn.colibri.web',
      APPLE_CLIENT_SECRET: 'apple-client-secret-jwt',
    },
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null || i > 600)
      throw new Error(
        `the social sign-in server did not start:\n${readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`,
      );
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await provider?.stop();
});

/** The providers' sign-in pages (the browser's outside world) are the stand-in's. */
async function routeProviders(context: BrowserContext) {
  await context.route(/^https:\/\/(accounts\.google\.com|www\.facebook\.com|appleid\.apple\.com)\//, (route) => {
    const url = new URL(route.request().url());
    return route.fulfill({
      status: 302,
      headers: { location: `${provider!.url}/${url.hostname}${url.pathname}${url.search}` },
    });
  });
}

/** A browser of its own, from an address of its own (the tests are a trusted proxy; sign-in starts are limited per address). */
let clients = 0;
async function newBrowserContext(browser: Browser) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${(process.pid % 50) * 5 + ++clients}` },
  });
  await routeProviders(context);
  return context;
}

/** From connexion in a language, a provider's button, then the stand-in's Continue or Cancel. */
async function viaProvider(page: Page, prefix: string, button: string, answer: 'Continue' | 'Cancel' = 'Continue') {
  await page.goto(`${base}/${prefix}/connexion`);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('link', { name: answer }).click();
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a newcomer with Google declares age and terms, gets an account, then the phone step', async ({ browser }) => {
  const context = await newBrowserContext(browser);
  const page = await context.newPage();
  const id = unique();
  provider!.identity('google', {
    sub: `g-${id}`,
    email: `nour.${id}@example.com`,
    firstname: 'Nour',
    lastname: 'Ben Salah',
  });

  await viaProvider(page, 'fr', 'Continuer avec Google');
  // No account yet: the age and terms come first.
  await expect(page).toHaveURL(`${base}/fr/inscription-sociale?provider=google`);
  await expect(page.getByRole('heading', { level: 1, name: 'Encore une étape' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Continuer avec Google' }).click();
  await expect(page.getByText('Vous devez accepter les conditions')).toBeVisible();
  await page.getByLabel('Date de naissance').fill('2012-05-01');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuer avec Google' }).click();
  await expect(page.getByText('au moins 18 ans')).toBeVisible();
  expect(page.url()).toContain('/fr/inscription-sociale');

  await page.getByLabel('Date de naissance').fill('1990-05-01');
  await page.getByRole('button', { name: 'Continuer avec Google' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${base}/fr/modifier-telephone`);
  const session = await page.request.get(`${base}/api/user/v1/auth/session`);
  expect((await session.json()).data).toMatchObject({ firstname: 'Nour', verifiedPhone: false });

  // The next time, the same Google account signs straight in.
  await page.request.post(`${base}/api/user/v1/auth/sign-out`);
  await viaProvider(page, 'fr', 'Continuer avec Google');
  await expect(page).toHaveURL(`${base}/fr/modifier-telephone`);
  await context.close();
});

/** The newest e-mail of the social server's outbox to an address, waited for. */
async function mailTo(email: string): Promise<{ subject?: string; text: string }> {
  for (let i = 0; i < 75; i++) {
    const found = outboxIn(dataDir, email).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${email}`);
}

test('Google joins a confirmed account of an address it verified, and the member is told; Facebook never joins by address', async ({
  browser,
}) => {
  const context = await newBrowserContext(browser);
  const page = await context.newPage();
  provider!.identity('google', { sub: `g-${unique()}`, email: demo.sender, firstname: 'Amira', lastname: 'Trabelsi' });
  await viaProvider(page, 'en', 'Continue with Google');
  // The demo sender has a verified phone: home as after an e-mail sign-in.
  await expect(page).toHaveURL(`${base}/en/app-mobile`);
  const session = await page.request.get(`${base}/api/user/v1/auth/session`);
  expect((await session.json()).data).toMatchObject({ firstname: 'Amira', verifiedPhone: true });
  const notice = await mailTo(demo.sender);
  expect(notice.subject).toBe('Google est maintenant relié à votre compte Colibri');
  expect(notice.text).toContain('/fr/parametres');
  await context.close();

  // Facebook vouches for no address: the traveller's account is not Facebook's to open.
  const other = await newBrowserContext(browser);
  const second = await other.newPage();
  provider!.identity('facebook', { sub: `fb-${unique()}`, email: demo.traveller, firstname: 'Sami', lastname: 'X' });
  await viaProvider(second, 'fr', 'Continuer avec Facebook');
  await expect(second).toHaveURL(/\/fr\/connexion\?provider=facebook&error=account_not_linked/);
  await expect(second.getByText('Un compte Colibri utilise déjà cette adresse e-mail.')).toBeVisible();
  expect((await (await second.request.get(`${base}/api/user/v1/auth/session`)).json()).data).toBeNull();
  await other.close();
});

test('a Facebook newcomer confirms the address by e-mail, then Facebook signs them in', async ({ browser }) => {
  const context = await newBrowserContext(browser);
  const page = await context.newPage();
  const email = `fb.${unique()}@example.com`;
  provider!.identity('facebook', { sub: `fb-${unique()}`, email, firstname: 'Salma', lastname: 'Gharbi' });
  await viaProvider(page, 'fr', 'Continuer avec Facebook');
  await expect(page).toHaveURL(`${base}/fr/inscription-sociale?provider=facebook`);
  await page.getByLabel('Date de naissance').fill('1992-03-04');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continuer avec Facebook' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  // No session before the address is confirmed.
  await expect(page).toHaveURL(/\/fr\/connexion\?provider=facebook&error=email_unconfirmed/);
  await expect(page.getByText('Nous vous avons envoyé un e-mail pour confirmer votre adresse.')).toBeVisible();
  expect((await (await page.request.get(`${base}/api/user/v1/auth/session`)).json()).data).toBeNull();

  const link = new URL(/https?:\/\/\S+/.exec((await mailTo(email)).text)![0]);
  await page.goto(`${base}${link.pathname}${link.search}`);
  await expect(page.getByText('Dernière étape : continuez avec Facebook')).toBeVisible();
  await page.getByRole('button', { name: 'Continuer avec Facebook' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${base}/fr/modifier-telephone`);
  const session = await page.request.get(`${base}/api/user/v1/auth/session`);
  expect((await session.json()).data).toMatchObject({ firstname: 'Salma', verifiedPhone: false });
  await context.close();
});

test('a refusal at Apple comes back to connexion, said in Arabic', async ({ browser }) => {
  const context = await newBrowserContext(browser);
  const page = await context.newPage();
  provider!.identity('apple', {
    sub: `a-${unique()}`,
    email: `salma.${unique()}@privaterelay.appleid.com`,
    firstname: 'Salma',
    lastname: 'H',
  });
  await viaProvider(page, 'ar', 'المتابعة باستخدام آبل', 'Cancel');
  await expect(page).toHaveURL(/\/ar\/connexion\?provider=apple&error=user_cancelled_authorize/);
  await expect(page.getByText('أُلغي تسجيل الدخول باستخدام آبل')).toBeVisible();
  await context.close();
});
