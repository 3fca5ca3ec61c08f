import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/**
 * Signs the browser's session mirror in, as the header reads it, for tests of what the header draws
 * from it (a made-up member, 150 unread). The live client checks the mirror against the server's
 * session and forgets a member who has none, so its session check answers that member here.
 */
export async function mirrorUser(page: Page, user: object | string) {
  await page.addInitScript((value) => {
    window.localStorage.setItem('user', typeof value === 'string' ? value : JSON.stringify(value));
  }, user);
  if (typeof user === 'object')
    await page.route('**/api/user/v1/auth/session', (route) => route.fulfill({ json: { success: true, data: user } }));
}

import { outboxIn } from '../outbox';

/** Every outbox message to an address so far, oldest first (the server under test writes them). */
export function outboxTo(to: string) {
  return outboxIn(process.env.E2E_DATA_DIR!, to);
}

/**
 * The newest outbox message to an address written since a time, waited for: a job of the server
 * sends it soon after the request that enqueued it.
 */
export async function waitForOutbox(to: string, since = 0) {
  for (let i = 0; i < 75; i++) {
    const found = outboxTo(to)
      .filter((m) => Date.parse(m.createdAt) >= since)
      .at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no outbox message to ${to}`);
}

export function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

export const demo = {
  sender: 'sender@demo.colibri.tn',
  traveller: 'traveller@demo.colibri.tn',
  newcomer: 'newcomer@demo.colibri.tn',
  password: 'demo1234',
};

let signIns = 0;

/**
 * Signs in through the form. Each browser sign-in comes from an address of its own (the tests are a
 * trusted proxy): the whole suite signs in far more often than one visitor may (signInPerAddress).
 */
export async function signIn(page: Page, email: string, password = demo.password, prefix = 'fr') {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${process.pid % 250}.${++signIns % 250}` });
  await page.goto(`/${prefix}/connexion`);
  await page
    .getByRole('main')
    .getByLabel(prefix === 'fr' ? 'Adresse e-mail' : 'E-mail address')
    .fill(email);
  await page
    .getByRole('main')
    .getByLabel(prefix === 'fr' ? 'Mot de passe' : 'Password', { exact: true })
    .fill(password);
  await page.getByRole('button', { name: prefix === 'fr' ? 'Se connecter' : 'Log in' }).click();
}

/** Signs in once through the form and returns the browser state (cookies, session mirror) to reuse. */
export async function signedInState(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.waitForURL(/\/fr\/(app-mobile|modifier-telephone)$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The page cache's copy of a public page, once it has one (x-page-cache: HIT). */
export async function cachedHtml(request: APIRequestContext, path: string) {
  let html = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(path);
        html = await response.text();
        return response.headers()['x-page-cache'];
      },
      { timeout: 10_000 },
    )
    .toBe('HIT');
  return html;
}

let clients = 0;
/** An address of its own for an API call (the tests are a trusted proxy): members a test makes never share limits. */
export const client = () => ({ 'x-forwarded-for': `198.19.${process.pid % 250}.${++clients % 250}` });

export type Member = { id: string; email: string };

/** A confirmed account (password secret12); its request context is signed in with the password (a confirmation never signs in). */
export async function newMember(
  request: APIRequestContext,
  label: string,
  firstname: string,
  lastname = 'Mejri',
): Promise<Member> {
  const email = `${label}-${Date.now()}-${clients}@test.colibri.tn`;
  const created = await request.post('/api/user/v1/auth/sign-up', {
    headers: client(),
    data: {
      firstname,
      lastname,
      email,
      password: 'secret12',
      confirmPassword: 'secret12',
      birthDate: '1990-02-03',
      acceptTerms: true,
    },
  });
  expect(created.status()).toBe(200);
  const link = new URL(linkIn((await waitForOutbox(email)).text), 'http://localhost');
  const id = link.pathname.split('/').at(-1)!;
  const confirmed = await request.post(`/api/user/v1/users/${id}/confirm-email`, {
    headers: client(),
    data: { token: link.searchParams.get('token'), password: 'secret12' },
  });
  expect(confirmed.status()).toBe(200);
  const signedIn = await request.post('/api/user/v1/auth/sign-in', {
    headers: client(),
    data: { email, password: 'secret12' },
  });
  expect(signedIn.status()).toBe(200);
  return { id, email };
}

/** No axe violation (WCAG 2.1 A and AA, and best practices) on the page as it is now. */
export async function axe(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${page.url()}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}
