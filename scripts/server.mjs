#!/usr/bin/env node
// The production HTTP server (`npm start` runs it through scripts/start.mjs, after the build):
// Next's own request handler, the one `next start` uses, behind the page cache of
// scripts/page-cache.mjs, which replays the bytes of a public page Next served from its cache (or of
// a filtered list it rendered), with its stylesheet written in (scripts/inline-stylesheet.mjs) and
// its scripts started after its first paint (scripts/defer-bootstrap.mjs).
import http from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseTrustedProxies, stampClientAddress } from '../lib/server/http/client-address.mjs';
import { eventBus } from '../lib/server/events/bus.mjs';
import { imageOriginsOf, securityHeaders } from '../lib/server/http/security-headers.mjs';
import { mapOrigins as mapOriginsOf } from '../lib/map-style.mjs';
import { canonicalListUrl } from '../lib/list-query.mjs';
import { createPageCache } from './page-cache.mjs';
import { deferBootstrap } from './defer-bootstrap.mjs';
import { inlineStylesheets } from './inline-stylesheet.mjs';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
// Which hops' X-Forwarded-For to believe (lib/server/http/client-address.mjs); lib/env.ts validates it too.
const proxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const proof = randomBytes(16).toString('hex');
// HSTS and Secure cookies follow SITE_URL (lib/server/auth/auth.ts reads it the same way, through lib/env.ts).
const https = (process.env.SITE_URL ?? '').trim().startsWith('https://');
// The map page may fetch its style and tiles from their host (lib/env.ts validates both variables too).
const mapOrigins = mapOriginsOf({
  styleUrl: process.env.MAP_STYLE_URL,
  mapboxToken: process.env.NEXT_PUBLIC_MAPBOX_TOKEN,
});
// Pages may show photos from S3_PUBLIC_URL (lib/server/storage; lib/env.ts validates it too).
const imageOrigins = imageOriginsOf(process.env.S3_PUBLIC_URL);
const localHost = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;
let warnedHttp = false;

// Pages and data that Next cached at request time came from the database of an earlier run, which
// may not be this one (a test run's fresh DATA_DIR, another DATABASE_URL): each start begins without
// them, so one build serves any database. What the build rendered (pages without data) stays.
// Another instance on the same build may be writing there meanwhile (a file appears while the
// directory is emptied): retried, and a start goes on without a clean cache rather than exit.
for (const dir of [
  path.join(root, '.next', 'server', 'route-cache'),
  path.join(root, '.next', 'cache', 'fetch-cache'),
]) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  } catch (error) {
    console.warn(`> Warning: could not empty ${path.relative(root, dir)} (${error.code ?? error})`);
  }
}

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

// The build's stylesheets, read once: their names change with their content.
const staticDir = path.join(root, '.next', 'static');
const stylesheets = new Map();
function readStylesheet(href) {
  const file = path.join(staticDir, href.slice('/_next/static/'.length));
  if (!file.startsWith(staticDir + path.sep)) return undefined;
  if (!stylesheets.has(file)) {
    try {
      stylesheets.set(file, readFileSync(file, 'utf8'));
    } catch {
      stylesheets.set(file, undefined);
    }
  }
  return stylesheets.get(file);
}

const pageCache = createPageCache({
  rewriteHtml: (html, policy) => inlineStylesheets(deferBootstrap(html, policy), readStylesheet),
  // Filtered lists, kept like the bare ones: Next renders them per request (proxy.ts).
  canonicalUrl: canonicalListUrl,
});
// The services publish `listings-changed` after a write (lib/server/events/index.ts); the app's code runs in this process.
eventBus().on('listings-changed', () => pageCache.purge());

const server = http.createServer((req, res) => {
  stampClientAddress(req, proxies, proof);
  for (const [name, value] of Object.entries(
    securityHeaders({ https, path: req.url ?? '/', mapOrigins, imageOrigins }),
  ))
    res.setHeader(name, value);
  if (!https && !warnedHttp && req.headers.host && !localHost.test(req.headers.host)) {
    warnedHttp = true;
    console.warn(
      `> Warning: Colibri answers ${req.headers.host} with SITE_URL ${process.env.SITE_URL || '(unset)'}: set an https SITE_URL on a public host, so that cookies are Secure and HSTS is sent.`,
    );
  }
  // The typefaces' and icons' file names carry their version (lib/fonts.ts, app/globals.css): a
  // browser keeps them for a year.
  if (req.url?.startsWith('/fonts/') || req.url?.startsWith('/icons/'))
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  if (pageCache.intercept(req, res)) return;
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end();
  });
});

// An idle kept-alive connection is closed after 65 s rather than Node's 5 s, longer than the usual
// proxies' idle timeout (60 s), so that they close first: a POST sent on a connection as the server
// closes it gets ECONNRESET, and is not retried.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, () => console.log(`> Colibri on http://localhost:${port}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    process.exit(0);
  });
}
