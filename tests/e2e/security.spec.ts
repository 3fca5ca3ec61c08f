import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { demo, linkIn, signIn, waitForOutbox } from './helpers';
import { fontLoader } from '@/lib/font-loader.mjs';
import { beaconStarter } from '@/lib/beacon.mjs';

// What the production server says and does from outside: its headers on public and member pages
// (page-cache copies included), the client address behind a trusted proxy, a page that keeps its
// CSP, and a log that holds no secret.

test('a public page, also as a page-cache copy, carries the headers of a trusted site', async ({ request }) => {
  let answer = await request.get('/fr/colis');
  for (let i = 0; i < 20 && answer.headers()['x-page-cache'] !== 'HIT'; i++) {
    await new Promise((r) => setTimeout(r, 300));
    answer = await request.get('/fr/colis');
  }
  expect(answer.headers()['x-page-cache']).toBe('HIT');
  const headers = answer.headers();
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
  ])
    expect(csp).toContain(directive);
  expect(csp).not.toContain('nonce-');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('microphone=()');
  expect(headers['permissions-policy']).toContain('geolocation=()');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  // SITE_URL is http here: no HSTS, which would pin a development host to https.
  expect(headers['strict-transport-security']).toBeUndefined();
});

test('member and guest screens get a fresh nonce, and every script they send carries it but the font loader and the counting starter, allowed by their hashes', async ({
  request,
}) => {
  const loaderHash = createHash('sha256').update(fontLoader).digest('base64');
  const starterHash = createHash('sha256').update(beaconStarter).digest('base64');
  const nonces = [];
  for (let i = 0; i < 2; i++) {
    const answer = await request.get('/fr/connexion');
    const csp = answer.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    const html = await answer.text();
    expect(csp).toContain(`'sha256-${loaderHash}'`);
    expect(csp).toContain(`'sha256-${starterHash}'`);
    const loader = `<script>${fontLoader}</script>`;
    const starter = `<script>${beaconStarter}</script>`;
    expect(html).toContain(loader);
    expect(html).toContain(starter);
    const scripts =
      html
        .replace(loader, '')
        .replace(starter, '')
        .match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

declare global {
  interface Window {
    /** Content-Security-Policy refusals the page met, noted by the test's init script. */
    cspViolations?: string[];
  }
}

/** Content-Security-Policy refusals a page met while it loaded and ran. */
async function violations(page: Page) {
  return page.evaluate(() => window.cspViolations ?? []);
}

test('pages work under their policy: no script, style or request refused', async ({ page }) => {
  await page.addInitScript(() => {
    const list: string[] = [];
    window.cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const path of ['/fr', '/ar/colis', '/fr/autour-de-moi', '/fr/connexion']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
  await signIn(page, demo.sender);
  await expect(page).toHaveURL(/\/fr\/app-mobile$/);
  await page.goto('/fr/mon-dashboard');
  await page.waitForLoadState('networkidle');
  expect(await violations(page), '/fr/mon-dashboard').toEqual([]);
});

test('behind a trusted proxy, a client that rotates X-Forwarded-For is still one client', async ({ request }) => {
  // The proxy (here, the test) appends the real client last; whatever the client wrote before it
  // does not count. 30 tries from one client in 15 minutes, then 429 (lib/server/limits.ts).
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const answer = await request.post('/api/user/v1/auth/sign-in', {
      headers: { 'x-forwarded-for': `10.${i}.${i}.1, 203.0.113.77`, 'sec-fetch-site': 'same-origin' },
      data: { email: `nobody${i}@test.colibri.tn`, password: 'whatever1' },
    });
    statuses.push(answer.status());
  }
  expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
  expect(statuses[30]).toBe(429);
  // Another client is not locked out by that one.
  const other = await request.post('/api/user/v1/auth/sign-in', {
    headers: { 'x-forwarded-for': '203.0.113.78', 'sec-fetch-site': 'same-origin' },
    data: { email: 'nobody@test.colibri.tn', password: 'whatever1' },
  });
  expect(other.status()).toBe(401);
});

test('the server log holds no password, token or code', async ({ request }) => {
  const email = `log-${Date.now()}@test.colibri.tn`;
  const password = `Pw-${Date.now()}-secret`;
  const same = { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '203.0.113.90' };
  await request.post('/api/user/v1/auth/sign-up', {
    headers: same,
    data: {
      firstname: 'Logan',
      lastname: 'Test',
      email,
      password,
      confirmPassword: password,
      birthDate: '1990-01-01',
      acceptTerms: true,
    },
  });
  const confirmation = new URL(linkIn((await waitForOutbox(email)).text), 'http://localhost');
  const token = confirmation.searchParams.get('token')!;
  const userId = confirmation.pathname.split('/').at(-1)!;
  const confirmed = await request.post(`/api/user/v1/users/${userId}/confirm-email`, {
    headers: same,
    data: { token, password },
  });
  expect(confirmed.status()).toBe(200);
  await request.post('/api/user/v1/auth/sign-in', { headers: same, data: { email, password } });
  const phone = `+2165${String(Date.now()).slice(-7)}`;
  await request.post(`/api/user/v1/users/${userId}/confirm-phone`, { headers: same, data: { phone } });
  const code = /\b(\d{6})\b/.exec((await waitForOutbox(phone)).text)![1]!;
  const askedAt = Date.now();
  await request.post('/api/user/v1/auth/forgot-password', { headers: same, data: { email } });
  const resetMail = await waitForOutbox(email, askedAt);
  expect(resetMail.subject).toBe('Réinitialisez votre mot de passe Colibri');
  const reset = new URL(linkIn(resetMail.text), 'http://localhost');
  const resetToken = reset.searchParams.get('token')!;

  const log = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'server.log'), 'utf8');
  expect(log).toContain('[outbox]');
  for (const secret of [password, token, code, resetToken]) expect(log).not.toContain(secret);
});
