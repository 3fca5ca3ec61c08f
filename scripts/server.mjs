#!/usr/bin/env node
// The production HTTP server (`npm start` runs it through scripts/start.mjs, after the build):
// Next's own request handler, the one `next start` uses, behind the page cache of
// scripts/page-cache.mjs, which replays the bytes of a public page Next served from its cache.
import http from 'node:http';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseTrustedProxies, stampClientAddress } from '../lib/server/client-address.mjs';
import { eventBus } from '../lib/server/event-bus.mjs';
import { createPageCache } from './page-cache.mjs';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
// Which hops' X-Forwarded-For to believe (lib/server/client-address.mjs); lib/env.ts validates it too.
const proxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const proof = randomBytes(16).toString('hex');

// Pages and data that Next cached at request time came from the database of an earlier run, which
// may not be this one (a test run's fresh DATA_DIR, another DATABASE_URL): each start begins without
// them, so one build serves any database. What the build rendered (pages without data) stays.
for (const dir of [path.join(root, '.next', 'server', 'route-cache'), path.join(root, '.next', 'cache', 'fetch-cache')])
  rmSync(dir, { recursive: true, force: true });

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const pageCache = createPageCache();
// The services publish `listings-changed` after a write (lib/server/events.ts); the app's code runs in this process.
eventBus().on('listings-changed', () => pageCache.purge());

const server = http.createServer((req, res) => {
  stampClientAddress(req, proxies, proof);
  if (pageCache.intercept(req, res)) return;
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end();
  });
});

server.listen(port, () => console.log(`> Colibri on http://localhost:${port}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    process.exit(0);
  });
}
