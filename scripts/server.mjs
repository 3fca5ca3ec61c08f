#!/usr/bin/env node
// The production HTTP server (`npm start` runs it through scripts/start.mjs, after the build):
// Next's own request handler, the one `next start` uses, behind the page cache of
// scripts/page-cache.mjs, which replays the bytes of a public page Next served from its cache.
import http from 'node:http';
import path from 'node:path';
import { createPageCache, PAGE_CACHE_KEY } from './page-cache.mjs';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const pageCache = createPageCache();
// lib/server/page-cache.ts purges it after a write; the app's code runs in this process.
globalThis[PAGE_CACHE_KEY] = pageCache;

const server = http.createServer((req, res) => {
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
