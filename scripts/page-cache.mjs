// The production server's copies of public pages (scripts/server.mjs).
//
// Next keeps a rendered public page in its own cache, but sends it again from a JavaScript string
// for every request: it measures it, encodes it to UTF-8 and, for a browser, gzips it anew. This
// cache keeps the bytes Next sent the first time and replays them for a few seconds, the work a
// CDN does in front of a deployment. It only keeps what is the same for every visitor:
//   - a GET without query string, RSC headers or cookies, answered 200 from Next's page cache
//     (`x-nextjs-cache: HIT`), shared-cacheable and without Set-Cookie;
//   - one copy per Accept-Encoding value, since the body is the one Next encoded for it.
// A write to the listings purges it (scripts/server.mjs subscribes it to `listings-changed`), so a new listing shows at the next
// request, and an entry lives `ttlMs` at most, so Next sees each hot page again every few seconds
// (its own time-based revalidation, and other instances' writes, reach visitors within that time).
import { createHash } from 'node:crypto';

// Request headers with which Next answers something else than the page's HTML (RSC payloads,
// prefetches, server actions).
const VARYING_HEADERS = [
  'rsc',
  'next-action',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
];
// Build assets, the API and files (public/, robots.txt, sitemaps): never a page, not even looked up.
const NOT_PAGES = /^\/(?:_next|api)\/|\.[a-z0-9]+$/i;
// Set again by Node for every response.
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * @param {{ ttlMs?: number, maxBytes?: number, maxEntryBytes?: number, holdAfterPurgeMs?: number, now?: () => number }} [options]
 */
export function createPageCache({
  ttlMs = 10_000,
  maxBytes = 32 * 2 ** 20,
  maxEntryBytes = 2 ** 20,
  holdAfterPurgeMs = 2_000,
  now = Date.now,
} = {}) {
  /** @type {Map<string, { status: number, headers: Record<string, string | string[]>, body: Buffer, etag: string, storedAt: number }>} */
  const entries = new Map();
  let bytes = 0;
  // After a purge, Next may still answer from its old copy until the write's request has finished
  // expiring its tags: store nothing for a moment.
  let holdUntil = 0;

  function keyOf(req) {
    const url = req.url;
    if (req.method !== 'GET' || !url || url.includes('?') || NOT_PAGES.test(url)) return null;
    if (VARYING_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
    return `${url}\n${req.headers['accept-encoding'] ?? ''}`;
  }

  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.byteLength;
  }

  function store(key, res, body) {
    if (now() < holdUntil) return;
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (/\b(private|no-store|no-cache)\b/.test(cacheControl) || res.getHeader('set-cookie') !== undefined) return;
    const headers = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE_HEADERS.has(name) && value !== undefined)
        headers[name] = Array.isArray(value) ? value : String(value);
    }
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    headers.etag = etag;
    headers['content-length'] = String(body.byteLength);
    headers['x-page-cache'] = 'HIT';
    drop(key);
    entries.set(key, { status: res.statusCode, headers, body, etag, storedAt: now() });
    bytes += body.byteLength;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /** Answers from a fresh copy of `key`; false when there is none. */
  function serve(key, req, res) {
    const entry = entries.get(key);
    if (!entry) return false;
    if (now() - entry.storedAt >= ttlMs) {
      drop(key);
      return false;
    }
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, {
        etag: entry.etag,
        vary: entry.headers.vary ?? '',
        'cache-control': entry.headers['cache-control'] ?? '',
      });
      res.end();
      return true;
    }
    res.writeHead(entry.status, entry.headers);
    res.end(entry.body);
    return true;
  }

  /** Watches Next's answer and keeps it under `key` when every visitor would get the same. */
  function capture(key, req, res) {
    if (req.headers.cookie !== undefined) return;
    const chunks = [];
    let size = 0;
    let keep = true;
    const collect = (chunk, encoding) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      // Next sets its headers before the first byte: stop copying what will not be kept.
      if (res.statusCode !== 200 || res.getHeader('x-nextjs-cache') !== 'HIT') {
        keep = false;
        return;
      }
      // A copy: the caller may reuse its buffer once written.
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk);
      size += buffer.byteLength;
      if (size > maxEntryBytes) keep = false;
      else chunks.push(buffer);
    };
    const { write, end } = res;
    res.write = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      return end.call(this, chunk, encoding, callback);
    };
    // collect() kept nothing but a 200 from Next's page cache, within maxEntryBytes.
    res.once('finish', () => {
      if (keep && size > 0) store(key, res, Buffer.concat(chunks, size));
    });
  }

  return {
    /** Answers from a fresh copy (true), or lets the request go on to Next and watches its answer (false). */
    intercept(req, res) {
      const key = keyOf(req);
      if (key === null) return false;
      if (serve(key, req, res)) return true;
      capture(key, req, res);
      return false;
    },

    /** Drops every copy (a listing was written). */
    purge() {
      entries.clear();
      bytes = 0;
      holdUntil = now() + holdAfterPurgeMs;
    },

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
