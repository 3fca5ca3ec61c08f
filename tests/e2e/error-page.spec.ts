import { expect, test } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A real rendering failure, without a trap door in the app: a second production server (the build
// of this run) on a PostgreSQL database that stops answering. A filtered list is rendered per
// request, so its query fails and the page's error boundary renders inside the site's layout.

const root = path.resolve(__dirname, '..', '..');
const port = Number(process.env.E2E_PORT ?? 3100) + 1;
const base = `http://localhost:${port}`;
let server: ChildProcess | undefined;
let postgres: { url: string; stop(): void } | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { startPostgres } = await import('../../scripts/postgres.mjs');
  postgres = await startPostgres();
  server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'colibri-error-')),
      DATABASE_URL: postgres.url,
      SEED: 'none',
      SITE_URL: 'http://localhost:3000',
    },
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/api/user/v1/places?q=tunis`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    // Two minutes: on a busy machine a server starts slowly, and PostgreSQL first.
    if (i > 400) throw new Error('the second server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  postgres.stop();
  postgres = undefined;
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  postgres?.stop();
});

for (const [prefix, title, retry, footer] of [
  ['fr', 'Une erreur est survenue', 'Réessayer', 'Découvrir'],
  ['ar', 'حدث خطأ', 'أعد المحاولة', 'اكتشف'],
] as const) {
  test(`/${prefix}: the translated error page, inside the header and footer, with a retry button`, async ({ page }) => {
    // A query no earlier request cached.
    const maxPrice = (50 + Math.random() * 900).toFixed(2);
    const response = await page.goto(`${base}/${prefix}/colis?from=Tunis&maxPrice=${maxPrice}`);
    expect(response?.status()).toBe(500);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: footer })).toBeVisible();
    const button = main.getByRole('button', { name: retry });
    await expect(button).toBeVisible();
    // The database is still down: trying again renders the same page, still in place.
    await button.click();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveURL(new RegExp(`/${prefix}/colis\\?from=Tunis`));
  });
}
