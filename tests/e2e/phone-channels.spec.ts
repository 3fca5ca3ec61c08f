import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { demo } from './helpers';
import { outboxIn } from '../outbox';

// The phone step through Twilio (issue 33), end to end: a server of this run's build of its own, with
// SMS_PROVIDER=twilio and WhatsApp set up, TWILIO_API_URL pointing at the stand-in of
// tests/e2e/twilio-stand-in.mjs, which posts its signed status callbacks to the server's real address
// (SITE_URL). A member chooses WhatsApp; the stand-in reports it undelivered; the screen says so in
// words and offers SMS; the SMS's code verifies the phone. In French and in Arabic. The server is on a
// free port (Playwright's are all taken), as the PostgreSQL and S3 test servers are.

const root = path.resolve(__dirname, '..', '..');
let base = '';
let server: ChildProcess | undefined;
let dataDir = '';
let twilio: Awaited<ReturnType<typeof import('./twilio-stand-in.mjs').startTwilio>> | undefined;
const account = { accountSid: `AC${'e2e0'.repeat(8)}`, authToken: 'e2e-stand-in-auth-token-0123456789' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.describe.configure({ mode: 'serial' });
// A phone's width: the screens below are also kept as pictures of what a member sees (the test's attachments).
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { startTwilio } = await import('./twilio-stand-in.mjs');
  twilio = await startTwilio(account);
  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-phone-'));
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  server = spawn(process.execPath, ['scripts/server.mjs'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: base,
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      SMS_PROVIDER: 'twilio',
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: account.accountSid,
      TWILIO_AUTH_TOKEN: account.authToken,
      TWILIO_FROM: 'Colibri',
      TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886',
      TWILIO_WHATSAPP_CODE_TEMPLATE: `HX${'e2e1'.repeat(8)}`,
    },
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null || i > 600)
      throw new Error(`the Twilio server did not start:\n${readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await twilio?.stop();
});

let clients = 0;
const address = () => `198.18.77.${(process.pid % 50) * 4 + ++clients}`;

/** A member made through the API (sign-up, the outbox's link with the password): e-mail confirmed, phone not. */
async function newMember(prefix: 'fr' | 'ar'): Promise<string> {
  const email = `phone-${prefix}-${Date.now().toString(36)}@test.colibri.tn`;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': address(), 'x-locale': prefix };
  const body = {
    firstname: 'Salma',
    lastname: 'Trabelsi',
    email,
    password: demo.password,
    confirmPassword: demo.password,
    birthDate: '1994-03-02',
    acceptTerms: true,
  };
  expect(
    (await fetch(`${base}/api/user/v1/auth/sign-up`, { method: 'POST', headers, body: JSON.stringify(body) })).status,
  ).toBe(200);
  let link: URL | undefined;
  for (let i = 0; !link && i < 100; i++) {
    const mail = outboxIn(dataDir, email).at(-1);
    if (mail) link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    else await new Promise((r) => setTimeout(r, 200));
  }
  const userId = link!.pathname.split('/').at(-1);
  const confirmed = await fetch(`${base}/api/user/v1/users/${userId}/confirm-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: link!.searchParams.get('token'), password: demo.password }),
  });
  expect(confirmed.status).toBe(200);
  return email;
}

async function signedIn(page: Page, prefix: 'fr' | 'ar', email: string) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address() });
  await page.goto(`${base}/${prefix}/connexion`);
  const main = page.getByRole('main');
  await main.locator('input[type="email"]').fill(email);
  await main.locator('input[type="password"]').first().fill(demo.password);
  await main.locator('button[type="submit"]').click();
  await page.waitForURL(`${base}/${prefix}/modifier-telephone`);
}

/** A picture of the page, kept in the test's output folder (test-results/) and attached to the report. */
async function keep(page: Page, name: string) {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

const texts = {
  fr: {
    whatsapp: 'WhatsApp',
    sms: 'SMS',
    failed: /^Le dernier code n’a pas pu être remis par WhatsApp au \+216/,
    bySms: 'Recevoir un code par SMS',
    sentBySms: /envoyé par SMS au/,
  },
  ar: {
    whatsapp: 'واتساب',
    sms: 'رسالة قصيرة',
    failed: /^تعذّر تسليم الرمز الأخير عبر واتساب إلى الرقم/,
    bySms: 'استلام رمز في رسالة قصيرة',
    sentBySms: /المرسل في رسالة قصيرة إلى/,
  },
} as const;

for (const [prefix, say] of Object.entries(texts) as ['fr' | 'ar', (typeof texts)['fr' | 'ar']][])
  test(`${prefix}: WhatsApp undelivered is said in words, SMS offered at once, and its code verifies the phone`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedIn(page, prefix, await newMember(prefix));
    const number = prefix === 'fr' ? '22 345 678' : '23 456 789';
    const phone = `+216${number.replace(/\s/g, '')}`;
    twilio!.outcome(phone, 'whatsapp', 'undelivered');

    // The channel: WhatsApp first where it is set up.
    const whatsapp = page.getByRole('radio', { name: say.whatsapp });
    await expect(whatsapp).toBeChecked();
    await page.locator('#phone').fill(number);
    await page.getByRole('main').locator('form button[type="submit"]').click();
    await page.waitForURL(new RegExp(`/${prefix}/verification-telephone`));
    // The code leaves by the sms job, a moment after the answer.
    await expect.poll(() => twilio!.to(phone).map((m: { channel: string }) => m.channel)).toEqual(['whatsapp']);

    // The stand-in says undelivered; the screen, asking while the message is on its way, says it in words.
    const alert = page.getByRole('alert').filter({ hasText: say.failed });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await keep(page, `${prefix}-undelivered-390.png`);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    // Back to the number: it says so there too, SMS chosen.
    await page.goto(`${base}/${prefix}/modifier-telephone`);
    await expect(page.getByRole('alert').filter({ hasText: say.failed })).toBeVisible();
    await expect(page.getByRole('radio', { name: say.sms })).toBeChecked();
    await page.goto(`${base}/${prefix}/verification-telephone`);
    await alert.getByRole('button', { name: say.bySms }).click();
    await expect(page.getByText(say.sentBySms)).toBeVisible();
    await expect.poll(() => twilio!.to(phone).map((m: { channel: string }) => m.channel)).toEqual(['whatsapp', 'sms']);
    const sms = twilio!.to(phone).at(-1)!;
    const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
    // What the member sees: the phone step, and the phone's messages (the stand-in draws what it delivered).
    await keep(page, `${prefix}-phone-step-390.png`);
    // (Its page is drawn from the stand-in's HTML: the fixture's goto waits for a Colibri page's hydration.)
    const handset = await page.context().newPage();
    const shown = await fetch(
      `${twilio!.url}/_stand-in/phone/${encodeURIComponent(phone)}${prefix === 'ar' ? '?dir=rtl' : ''}`,
    );
    await handset.setContent(await shown.text());
    await expect(handset.getByText(code)).toBeVisible();
    await keep(handset, `${prefix}-phone-390.png`);
    await handset.close();
    await page.locator('#code').fill(code);
    await page.getByRole('main').locator('form button[type="submit"]').click();
    await page.waitForURL(new RegExp(`/${prefix}/app-mobile`));
  });
