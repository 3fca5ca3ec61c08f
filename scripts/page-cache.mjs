// The production server's copies of public pages (scripts/server.mjs).
//
// Next keeps a rendered public page in its own cache, but sends it again from a JavaScript string
// for every request: it measures it, encodes it to UTF-8 and, for a browser, gzips it anew. This
// cache keeps the bytes Next sent the first time and replays them for a few seconds, the work a
// CDN does in front of a deployment. It only keeps what is the same for every visitor:
//   - a GET without query string, RSC headers or cookies, answered 200 from Next's page cache
//     (`x-nextjs-cache: HIT`), shared-cacheable and without Set-Cookie;
//   - a filtered list (a query `canonicalUrl` names), rendered by Next for this request: a public
//     page that reads no cookie nor header (DESIGN.md), so its HTML is a function of its URL. It is
//     rendered and kept under its canonical URL, the same page for every spelling of its query, and
//     at most `maxQueryEntries` of them are kept (any query is a new URL);
//   - one copy per Accept-Encoding value, since the body is the one Next encoded for it.
// A page's address is first stripped of the keys that never change it (`untagged`: utm_*, fbclid...,
// lib/tracking-params.mjs), so a shared link is the plain page's copy, and Next renders the plain page.
// A write to the listings purges it (scripts/server.mjs subscribes it to `listings-changed`), so a new listing shows at the next
// request, and an entry lives `ttlMs` at most, so Next sees each hot page again every few seconds
// (its own time-based revalidation, and other instances' writes, reach visitors within that time).
// Such a page passes through `rewriteHtml` once per copy, before it is sent (the server defers the
// page's scripts with it: scripts/defer-bootstrap.mjs).
//
// With `cdnMaxAge`, every public page it sees (kept or not, a first render too) tells a CDN the
// short lifetime of lib/shared-cache.mjs instead of Next's (an hour for pages that show listings),
// with the tags of what it shows (Cache-Tag, Surrogate-Key), so that a purge hook can drop them.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { pageTags, publicCacheControl } from '../lib/shared-cache.mjs';
import { withoutBlankFilters } from '../lib/list-query.mjs';

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
// Next's Cache-Control of a page built once that never revalidates (a content page): it shows no listing.
const BUILT_ONCE = /\bs-maxage=31536000\b/;
// The Content-Encodings Next's compression writes, to rewrite a page's HTML under them.
const CODECS = {
  identity: { decode: (buffer) => buffer, encode: (buffer) => buffer },
  gzip: { decode: zlib.gunzipSync, encode: (buffer) => zlib.gzipSync(buffer) },
  deflate: { decode: zlib.inflateSync, encode: (buffer) => zlib.deflateSync(buffer) },
  br: { decode: zlib.brotliDecompressSync, encode: (buffer) => zlib.brotliCompressSync(buffer) },
};

/**
 * Makes Next's answer to a page request, when it is the same for every visitor, say so to a CDN:
 * a 200 (or 304) without Set-Cookie that Next marked shared-cacheable (`s-maxage`), or a filtered list in HTML.
 * @param {import('node:http').ServerResponse} res
 * @param {string} pathname
 * @param {boolean} filtered
 * @param {number} maxAge
 */
function tellSharedCaches(res, pathname, filtered, maxAge) {
  const { writeHead } = res;
  res.writeHead = function (...args) {
    const at = args.findIndex(
      (argument) => typeof argument === 'object' && argument !== null && !Array.isArray(argument),
    );
    const given = at < 0 ? undefined : { ...args[at] };
    const header = (name) =>
      given?.[Object.keys(given).find((key) => key.toLowerCase() === name) ?? ''] ?? this.getHeader(name);
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
    const cacheControl = String(header('cache-control') ?? '');
    const html = String(header('content-type') ?? '').startsWith('text/html');
    // A 304 too: a CDN that revalidates takes the lifetime of the 304's headers.
    if (
      (status === 200 || (status === 304 && !filtered)) &&
      header('set-cookie') === undefined &&
      (/\bs-maxage=/.test(cacheControl) || (filtered && html))
    ) {
      if (given) {
        for (const key of Object.keys(given)) if (key.toLowerCase() === 'cache-control') delete given[key];
        args[at] = given;
      }
      const tags = pageTags(pathname, { showsListings: !BUILT_ONCE.test(cacheControl) });
      this.setHeader('cache-control', publicCacheControl(maxAge));
      this.setHeader('cache-tag', tags.join(','));
      this.setHeader('surrogate-key', tags.join(' '));
    }
    return writeHead.apply(this, args);
  };
}

/**
 * @param {{ cdnMaxAge?: number, ttlMs?: number, maxBytes?: number, maxEntryBytes?: number, maxQueryEntries?: number, holdAfterPurgeMs?: number, now?: () => number, rewriteHtml?: (html: string, contentSecurityPolicy: string | undefined) => string, canonicalUrl?: (pathname: string, search: string) => string | null, untagged?: (url: string) => string, onLookup?: (hit: boolean) => void }} [options]
 */
export function createPageCache({
  cdnMaxAge,
  rewriteHtml = (html) => html,
  canonicalUrl = () => null,
  // A page's address without the query keys that never change it (lib/tracking-params.mjs): the key
  // it is kept under, and the address Next renders.
  untagged = (url) => url,
  // Told of each page looked up, found or not (the server counts them for /metrics).
  onLookup = () => {},
  ttlMs = 10_000,
  maxBytes = 32 * 2 ** 20,
  maxEntryBytes = 2 ** 20,
  maxQueryEntries = 256,
  holdAfterPurgeMs = 2_000,
  now = Date.now,
} = {}) {
  /** @type {Map<string, { status: number, headers: Record<string, string | string[]>, body: Buffer, etag: string, storedAt: number }>} */
  const entries = new Map();
  // The keys of the pages with a query, oldest first.
  const queryKeys = new Set();
  let bytes = 0;
  // After a purge, Next may still answer from its old copy until the write's request has finished
  // expiring its tags: store nothing for a moment.
  let holdUntil = 0;

  /** The page a request asks for, under its canonical URL, or null when it is not kept. */
  function pageOf(req) {
    const url = req.url;
    if (req.method !== 'GET' || !url) return null;
    if (VARYING_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
    const at = url.indexOf('?');
    if (at < 0) return NOT_PAGES.test(url) ? null : url;
    return canonicalUrl(url.slice(0, at), url.slice(at + 1));
  }

  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    queryKeys.delete(key);
    bytes -= entry.body.byteLength;
  }

  /** `filtered`: a filtered list, which Next rendered for this request. */
  function store(key, filtered, res, body) {
    if (now() < holdUntil) return;
    // Next marks a page it rendered for this request private; a filtered list is public all the same.
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (!filtered && /\b(private|no-store|no-cache)\b/.test(cacheControl)) return;
    if (res.getHeader('set-cookie') !== undefined) return;
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
    if (filtered) {
      queryKeys.add(key);
      for (const oldest of queryKeys) {
        if (queryKeys.size <= maxQueryEntries) break;
        drop(oldest);
      }
    }
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

  /**
   * Watches Next's answer. A page from Next's cache, or a filtered list (`filtered`) in HTML, is held
   * until its end, given to `rewriteHtml`, sent, and kept under `key` when every visitor would get
   * the same.
   */
  function capture(key, filtered, req, res) {
    const { write, end } = res;
    const chunks = [];
    let size = 0;
    // Decided at the first bytes (Next sets its headers before them): 'hold' or 'pass'.
    let mode;
    let sent;
    const isData = (chunk) => chunk !== undefined && chunk !== null && typeof chunk !== 'function';
    const decide = () =>
      (mode ??=
        res.statusCode === 200 &&
        (filtered
          ? String(res.getHeader('content-type') ?? '').startsWith('text/html')
          : res.getHeader('x-nextjs-cache') === 'HIT')
          ? 'hold'
          : 'pass');
    // A copy: the caller may reuse its buffer once written. Past maxEntryBytes, what was held goes out
    // as it came and the rest passes through.
    const hold = (chunk, encoding) => {
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk);
      chunks.push(buffer);
      size += buffer.byteLength;
      if (size <= maxEntryBytes) return;
      mode = 'pass';
      write.call(res, Buffer.concat(chunks, size));
      chunks.length = 0;
    };
    res.write = function (chunk, encoding, callback) {
      if (!isData(chunk) || decide() === 'pass') return write.call(this, chunk, encoding, callback);
      hold(chunk, encoding);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') process.nextTick(done);
      return true;
    };
    res.end = function (chunk, encoding, callback) {
      if (isData(chunk) && decide() === 'hold') {
        hold(chunk, encoding);
        chunk = undefined;
      }
      if (mode !== 'hold') return end.call(this, chunk, encoding, callback);
      sent = rewrite(res, Buffer.concat(chunks, size));
      const done = [chunk, encoding, callback].find((argument) => typeof argument === 'function');
      return end.call(this, sent, done);
    };
    // Next's compression sends the headers of an uncompressed answer before its body, with the
    // length of what Next wrote: a page that will be rewritten goes out without it (chunked).
    const { writeHead } = res;
    res.writeHead = function (...args) {
      if (sent === undefined && decide() === 'hold') {
        this.removeHeader('content-length');
        const headers = args.find((argument) => typeof argument === 'object' && argument !== null);
        if (headers && !Array.isArray(headers))
          for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') delete headers[name];
      }
      return writeHead.apply(this, args);
    };
    res.once('finish', () => {
      if (sent !== undefined && sent.byteLength > 0 && req.headers.cookie === undefined)
        store(key, filtered, res, sent);
    });
  }

  /** `body` as `rewriteHtml` changes its HTML, in the same Content-Encoding. */
  function rewrite(res, body) {
    const codec = CODECS[String(res.getHeader('content-encoding') ?? 'identity')];
    const lengthSent = res.headersSent && res.getHeader('content-length') !== undefined;
    if (!codec || lengthSent || !String(res.getHeader('content-type') ?? '').startsWith('text/html')) return body;
    let html;
    try {
      html = codec.decode(body).toString('utf8');
    } catch {
      return body;
    }
    const rewritten = rewriteHtml(html, res.getHeader('content-security-policy')?.toString());
    if (rewritten === html) return body;
    const encoded = codec.encode(Buffer.from(rewritten, 'utf8'));
    if (!res.headersSent && res.getHeader('content-length') !== undefined)
      res.setHeader('content-length', encoded.byteLength);
    return encoded;
  }

  return {
    /** Answers from a fresh copy (true), or lets the request go on to Next and watches its answer (false). */
    intercept(req, res) {
      // A list searched with blank filter fields goes to its address without them (a relative Location).
      if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.includes('?')) {
        const [pathname, search = ''] = req.url.split('?', 2);
        const clean = withoutBlankFilters(pathname, search);
        if (clean !== null) {
          res.writeHead(308, { location: clean, 'cache-control': 'no-store' }).end();
          return true;
        }
      }
      // A shared link (utm_*, fbclid...) is the plain page: the same copy, and Next never sees the tags.
      if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.includes('?')) req.url = untagged(req.url);
      const page = pageOf(req);
      const key = page === null ? null : `${page}\n${req.headers['accept-encoding'] ?? ''}`;
      if (key !== null) {
        const hit = serve(key, req, res);
        onLookup(hit);
        if (hit) return true;
      }
      if (cdnMaxAge !== undefined && (req.method === 'GET' || req.method === 'HEAD') && req.url) {
        const [pathname, search = ''] = req.url.split('?', 2);
        if (!NOT_PAGES.test(pathname))
          tellSharedCaches(res, pathname, canonicalUrl(pathname, search) !== null, cdnMaxAge);
      }
      if (page === null || key === null) return false;
      // Next renders the canonical URL, so that what is kept is what every spelling of it gets.
      req.url = page;
      capture(key, page.includes('?'), req, res);
      return false;
    },

    /** Drops every copy (a listing was written). */
    purge() {
      entries.clear();
      queryKeys.clear();
      bytes = 0;
      holdUntil = now() + holdAfterPurgeMs;
    },

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
