import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from './scripts/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh database and outbox for each run (workers inherit the variable from the main process).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'colibri-e2e-'));
const baseURL = `http://localhost:${port}`;
// The map's outside world (style and tiles; there is no internet here): tests/e2e/map-server.mjs,
// its address handed to the workers (nearby.spec.ts). Ports: port + 1 error-page.spec.ts, + 2, + 3
// and + 5 instances.spec.ts, + 4 the map server, + 6 social.spec.ts.
const mapServerPort = port + 4;
process.env.E2E_MAP_SERVER = `http://localhost:${mapServerPort}`;
const mapStyleUrl = `${process.env.E2E_MAP_SERVER}/style.json`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['line'], ['json']] : process.env.CI ? 'line' : 'list',
  // Sized for a busy 2-core machine: a sign-in hashes a password, a first visit renders a page.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumPath, args: chromiumArgs } },
    },
  ],
  webServer: [
    {
      command: `node tests/e2e/map-server.mjs ${mapServerPort}`,
      url: mapStyleUrl,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production server, built if needed (npm test builds first), on its own port and data
      // directory; its log is also kept in the data directory (tests/e2e/security.spec.ts reads it).
      // The tests act as a trusted proxy (127.0.0.1), so that X-Forwarded-For can name other clients.
      command: `node scripts/start.mjs 2>&1 | tee "${path.join(process.env.E2E_DATA_DIR, 'server.log')}"`,
      url: `${baseURL}/fr`,
      reuseExistingServer: false,
      timeout: 600_000,
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SITE_URL: 'http://localhost:3000',
        TRUSTED_PROXIES: '127.0.0.1, ::1',
        MAP_STYLE_URL: mapStyleUrl,
      },
    },
  ],
});
