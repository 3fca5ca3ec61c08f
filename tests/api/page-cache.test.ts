// The production server's page cache (scripts/page-cache.mjs) in front of a stand-in for Next's
// handler, on a real HTTP server: what it keeps, what it never keeps, expiry, purge, 304, and the
// rewrite of a page's HTML on its way out.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createPageCache } from '../../scripts/page-cache.mjs';
import { canonicalListUrl } from '@/lib/list-query.mjs';
import { withoutTrackingParams } from '@/lib/tracking-params.mjs';

const page = '<!DOCTYPE html><html lang="ar" dir="rtl"><body><h1>طرود بين تونس وفرنسا</h1></body></html>';

type Answer = {
  status?: number;
  nextCache?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Headers sent before the body, as Next's compression does for an uncompressed answer. */
  headersFirst?: boolean;
};

let clock = 0;
let cache = createPageCache({ now: () => clock });
let answers: Record<string, Answer> = {};
let calls = 0;
/** The URLs the handler was asked for. */
let seen: string[] = [];
let base = '';

// Answers as Next does for a page from its cache: headers first, then the HTML as one string, or
// gzipped bytes when the client accepts them.
const server = http.createServer((req, res) => {
  if (cache.intercept(req, res)) return;
  calls += 1;
  seen.push(req.url ?? '');
  const answer = answers[new URL(req.url ?? '/', 'http://x').pathname] ?? {};
  res.statusCode = answer.status ?? 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 's-maxage=3600, stale-while-revalidate=31532400');
  res.setHeader('vary', 'rsc, Accept-Encoding');
  if (answer.nextCache !== '') res.setHeader('x-nextjs-cache', answer.nextCache ?? 'HIT');
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  const body = answer.body ?? page;
  if (req.headers['accept-encoding']?.includes('gzip')) {
    res.setHeader('content-encoding', 'gzip');
    res.write(gzipSync(body).subarray(0, 10));
    res.end(gzipSync(body).subarray(10));
  } else {
    res.setHeader('content-length', Buffer.byteLength(body));
    if (answer.headersFirst) res.writeHead(res.statusCode);
    res.end(body);
  }
});

async function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(base + pathname, { method, headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Requests `pathname` twice: how many of them reached the handler. */
async function handlerCallsForTwo(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = calls;
  await get(pathname, headers, method);
  await get(pathname, headers, method);
  return calls - before;
}

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clock = 1_000_000;
  cache = createPageCache({ now: () => clock, ttlMs: 10_000, maxBytes: 1000, holdAfterPurgeMs: 2_000 });
  answers = {};
  calls = 0;
  seen = [];
});

describe('page cache of the production server', () => {
  it('replays a page Next served from its cache: same bytes and headers, its own ETag', async () => {
    const first = await get('/ar/colis');
    const second = await get('/ar/colis');
    assert.equal(calls, 1);
    assert.equal(second.text, page);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('content-length'), String(Buffer.byteLength(page)));
    assert.equal(second.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(second.headers.get('cache-control'), first.headers.get('cache-control'));
    assert.equal(second.headers.get('x-page-cache'), 'HIT');
    assert.equal(first.headers.get('x-page-cache'), null);
    assert.match(second.headers.get('etag') ?? '', /^"[\w-]+"$/);
  });

  it('sends a list searched with blank filter fields to its address without them (308, relative), before Next', async () => {
    const some = await fetch(`${base}/fr/colis?from=&to=&fromCountry=TN&utm_source=x`, { redirect: 'manual' });
    assert.equal(some.status, 308);
    assert.equal(some.headers.get('location'), '/fr/colis?fromCountry=TN&utm_source=x');
    const none = await fetch(`${base}/en/trajets?from=&to=`, { redirect: 'manual' });
    assert.equal(none.headers.get('location'), '/en/trajets');
    assert.equal((await fetch(`${base}/fr/colis?fromCountry=TN`, { redirect: 'manual' })).status, 200);
    assert.equal(calls, 1);
  });

  it('keeps one copy per Accept-Encoding, with the bytes Next encoded for it', async () => {
    const plain = await get('/fr/colis');
    const gzip = await fetch(`${base}/fr/colis`, { headers: { 'accept-encoding': 'gzip' } });
    const gzipAgain = await fetch(`${base}/fr/colis`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(calls, 2);
    assert.equal(gzipAgain.headers.get('content-encoding'), 'gzip');
    assert.equal(gzipAgain.headers.get('x-page-cache'), 'HIT');
    assert.equal(await gzipAgain.text(), page);
    assert.equal(await gzip.text(), plain.text);
    assert.equal((await get('/fr/colis')).headers.get('content-encoding'), null);
  });

  it('answers 304 to a revalidation with its ETag', async () => {
    await get('/fr');
    const { headers } = await get('/fr');
    const revalidated = await get('/fr', { 'if-none-match': headers.get('etag')! });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.text, '');
    assert.equal((await get('/fr', { 'if-none-match': '"other"' })).status, 200);
  });

  it('never keeps what could differ between visitors or requests', async () => {
    answers['/fr/a-rendered-page'] = { nextCache: 'MISS' };
    answers['/fr/a-stale-page'] = { nextCache: 'STALE' };
    answers['/fr/a-dynamic-page'] = { nextCache: '' };
    answers['/fr/missing'] = { status: 404 };
    answers['/fr/sets-a-cookie'] = { headers: { 'set-cookie': 'a=b' } };
    answers['/fr/private'] = { headers: { 'cache-control': 'private, no-store' } };
    assert.equal(await handlerCallsForTwo('/fr/colis?from=Tunis'), 2, 'query string');
    assert.equal(await handlerCallsForTwo('/fr/colis', { rsc: '1' }), 2, 'RSC payload');
    assert.equal(await handlerCallsForTwo('/fr/colis', { 'next-router-prefetch': '1' }), 2, 'prefetch');
    assert.equal(await handlerCallsForTwo('/fr/colis', { cookie: 'session=x' }), 2, 'request with cookies');
    assert.equal(await handlerCallsForTwo('/fr/colis', {}, 'HEAD'), 2, 'HEAD');
    assert.equal(await handlerCallsForTwo('/fr/a-rendered-page'), 2, 'rendered for this request');
    assert.equal(await handlerCallsForTwo('/fr/a-stale-page'), 2, 'stale copy');
    assert.equal(await handlerCallsForTwo('/fr/a-dynamic-page'), 2, 'not from the page cache');
    assert.equal(await handlerCallsForTwo('/fr/missing'), 2, 'not found');
    assert.equal(await handlerCallsForTwo('/fr/sets-a-cookie'), 2, 'Set-Cookie');
    assert.equal(await handlerCallsForTwo('/fr/private'), 2, 'private');
    assert.equal(await handlerCallsForTwo('/icon.svg'), 2, 'a file');
    assert.equal(await handlerCallsForTwo('/_next/static/chunk'), 2, 'a build asset');
    assert.equal(cache.size.entries, 0);
  });

  it('serves a copy to a visitor with cookies once a visitor without them fetched it', async () => {
    await get('/fr/colis');
    assert.equal((await get('/fr/colis', { cookie: 'session=x' })).headers.get('x-page-cache'), 'HIT');
    assert.equal(calls, 1);
  });

  it('lets a copy live ttlMs, then asks Next again', async () => {
    await get('/fr/trajets');
    clock += 9_999;
    await get('/fr/trajets');
    assert.equal(calls, 1);
    clock += 1;
    await get('/fr/trajets');
    assert.equal(calls, 2);
  });

  it('drops every copy on purge and keeps none for a moment after it', async () => {
    await get('/fr/colis');
    await get('/en/colis');
    cache.purge();
    assert.deepEqual(cache.size, { entries: 0, bytes: 0 });
    assert.equal(await handlerCallsForTwo('/fr/colis'), 2, 'Next may still answer from its old copy');
    clock += 2_000;
    assert.equal(await handlerCallsForTwo('/fr/colis'), 1);
  });

  it('holds at most maxBytes, dropping the oldest copies first', async () => {
    const size = Buffer.byteLength(page);
    const fit = Math.floor(1000 / size);
    for (let i = 0; i <= fit; i += 1) await get(`/fr/p${i}`);
    assert.equal(cache.size.entries, fit);
    assert.ok(cache.size.bytes <= 1000);
    assert.equal(await handlerCallsForTwo('/fr/p0'), 1, 'the oldest was dropped');
    assert.equal(await handlerCallsForTwo(`/fr/p${fit}`), 0, 'the newest is kept');
  });

  describe('rewriteHtml', () => {
    const policies: (string | undefined)[] = [];
    beforeEach(() => {
      policies.length = 0;
      cache = createPageCache({
        now: () => clock,
        rewriteHtml: (html, policy) => {
          policies.push(policy);
          return html.replace('<h1>', '<h1 class="rewritten">');
        },
      });
    });
    const rewritten = page.replace('<h1>', '<h1 class="rewritten">');

    it("rewrites a page from Next's cache from its first answer, in its encoding and length", async () => {
      answers['/ar'] = { headers: { 'content-security-policy': "script-src 'self' 'unsafe-inline'" } };
      const plain = await get('/ar');
      assert.equal(plain.text, rewritten);
      assert.equal(plain.headers.get('content-length'), String(Buffer.byteLength(rewritten)));
      const gzip = await fetch(`${base}/ar`, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gzip.headers.get('content-encoding'), 'gzip');
      assert.equal(await gzip.text(), rewritten);
      assert.deepEqual(policies, ["script-src 'self' 'unsafe-inline'", "script-src 'self' 'unsafe-inline'"]);
      const copy = await get('/ar');
      assert.equal(copy.headers.get('x-page-cache'), 'HIT');
      assert.equal(copy.text, rewritten);
      assert.equal(calls, 2);
      assert.equal(policies.length, 2, 'once per copy');
    });

    it('rewrites an uncompressed page whose headers went out before its body, and keeps it', async () => {
      answers['/fr/colis'] = { headersFirst: true };
      const first = await get('/fr/colis');
      assert.equal(first.text, rewritten);
      assert.equal(first.headers.get('content-length'), null, 'sent chunked');
      const copy = await get('/fr/colis');
      assert.equal(copy.headers.get('x-page-cache'), 'HIT');
      assert.equal(copy.text, rewritten);
      assert.equal(copy.headers.get('content-length'), String(Buffer.byteLength(rewritten)));
    });

    it('rewrites for a visitor with cookies too, without keeping that copy', async () => {
      assert.equal((await get('/fr', { cookie: 'session=x' })).text, rewritten);
      assert.equal(cache.size.entries, 0);
    });

    it('leaves alone what Next did not serve from its cache, and what is not HTML', async () => {
      answers['/fr/a-rendered-page'] = { nextCache: 'MISS' };
      answers['/fr/missing'] = { status: 404 };
      answers['/fr/data'] = { headers: { 'content-type': 'application/json' } };
      assert.equal((await get('/fr/a-rendered-page')).text, page);
      assert.equal((await get('/fr/missing')).text, page);
      assert.equal((await get('/fr/data')).text, page);
      assert.deepEqual(policies, []);
    });

    it('sends a page over maxEntryBytes as it came', async () => {
      cache = createPageCache({ now: () => clock, maxEntryBytes: 20, rewriteHtml: () => 'rewritten' });
      assert.equal((await get('/fr')).text, page);
      const gzip = await fetch(`${base}/fr`, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(await gzip.text(), page);
      assert.equal(cache.size.entries, 0);
    });
  });
  describe('filtered lists', () => {
    // As Next answers a page it rendered for this request: no x-nextjs-cache, and marked private.
    const rendered: Answer = {
      nextCache: '',
      headers: { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' },
    };
    beforeEach(() => {
      cache = createPageCache({
        now: () => clock,
        ttlMs: 10_000,
        maxQueryEntries: 3,
        holdAfterPurgeMs: 2_000,
        canonicalUrl: canonicalListUrl,
      });
      for (const path of ['/fr/colis', '/ar/trajets', '/fr/contact']) answers[path] = rendered;
    });

    it('renders the canonical URL once and replays it for every spelling of the same filters', async () => {
      const first = await get('/fr/colis?to=Paris&from=Tunis');
      assert.equal(first.headers.get('x-page-cache'), null);
      for (const query of [
        'from=Tunis&to=Paris',
        'utm_source=mail&to=Paris&from=Tunis',
        'from=Tunis&to=Paris&from=Sfax',
        'from=Tunis&fromCountry=&to=Paris',
      ]) {
        const again = await get(`/fr/colis?${query}`);
        assert.equal(again.headers.get('x-page-cache'), 'HIT', query);
        assert.equal(again.text, first.text);
        assert.equal(again.headers.get('cache-control'), first.headers.get('cache-control'));
      }
      assert.deepEqual(seen, ['/fr/colis?from=Tunis&to=Paris']);
      // Other filters, another language, another list: other pages.
      await get('/fr/colis?from=Tunis');
      await get('/ar/trajets?from=Tunis&to=Paris');
      assert.deepEqual(seen.slice(1), ['/fr/colis?from=Tunis', '/ar/trajets?from=Tunis&to=Paris']);
    });

    it('sends a list of blank filters to the bare list, and keeps no other page with a query', async () => {
      const blank = await fetch(`${base}/fr/colis?from=&to=`, { redirect: 'manual' });
      assert.equal(blank.status, 308);
      assert.equal(blank.headers.get('location'), '/fr/colis');
      assert.deepEqual(seen, []);
      assert.equal(await handlerCallsForTwo('/fr/colis?utm_source=mail'), 2, 'no filter: the bare list, from Next');
      assert.equal(await handlerCallsForTwo('/fr/contact?from=Tunis'), 2, 'not a list');
      assert.equal(await handlerCallsForTwo('/fr/colis/abc?from=Tunis'), 2, 'a listing');
    });

    it('never keeps one that could differ between visitors', async () => {
      answers['/en/colis'] = { ...rendered, status: 404 };
      answers['/en/trajets'] = { ...rendered, headers: { ...rendered.headers, 'set-cookie': 'a=b' } };
      answers['/tn/colis'] = { ...rendered, headers: { ...rendered.headers, 'content-type': 'text/x-component' } };
      assert.equal(await handlerCallsForTwo('/fr/colis?from=Tunis', { cookie: 'session=x' }), 2, 'cookies');
      assert.equal(await handlerCallsForTwo('/fr/colis?from=Tunis', { rsc: '1' }), 2, 'RSC payload');
      assert.equal(await handlerCallsForTwo('/en/colis?from=Tunis'), 2, 'not found');
      assert.equal(await handlerCallsForTwo('/en/trajets?from=Tunis'), 2, 'Set-Cookie');
      assert.equal(await handlerCallsForTwo('/tn/colis?from=Tunis'), 2, 'not HTML');
      assert.equal(cache.size.entries, 0);
    });

    it('keeps at most maxQueryEntries of them, the oldest going first, and the bare pages stay', async () => {
      answers['/fr'] = {};
      await get('/fr');
      for (const city of ['Tunis', 'Sfax', 'Sousse', 'Gabès']) await get(`/fr/colis?from=${city}`);
      assert.equal(cache.size.entries, 4);
      assert.equal(await handlerCallsForTwo('/fr/colis?from=Tunis'), 1, 'the oldest was dropped');
      assert.equal(await handlerCallsForTwo('/fr/colis?from=Gab%C3%A8s'), 0, 'the newest is kept');
      assert.equal(await handlerCallsForTwo('/fr'), 0, 'a page without query is not counted');
    });

    it('drops them on purge, like the bare lists', async () => {
      await get('/fr/colis?from=Tunis');
      cache.purge();
      assert.equal(cache.size.entries, 0);
      clock += 2_000;
      assert.equal(await handlerCallsForTwo('/fr/colis?from=Tunis'), 1);
      clock += 10_000;
      assert.equal(await handlerCallsForTwo('/fr/colis?from=Tunis'), 1, 'and after ttlMs');
    });
  });
  describe('shared links (untagged: utm_*, fbclid...)', () => {
    beforeEach(() => {
      cache = createPageCache({
        now: () => clock,
        ttlMs: 10_000,
        holdAfterPurgeMs: 2_000,
        canonicalUrl: canonicalListUrl,
        untagged: withoutTrackingParams,
      });
    });

    it('serves a tagged page from the plain page’s copy, and Next never sees the tags', async () => {
      const plain = await get('/fr/colis/abc');
      for (const query of [
        'utm_source=facebook&utm_medium=social&utm_campaign=ete',
        'fbclid=IwAR0abc',
        'gclid=x&msclkid=y&mc_eid=z&igshid=w&ttclid=v&ref=partner',
        'UTM_Source=mail&utm_content=a',
      ]) {
        const tagged = await get(`/fr/colis/abc?${query}`);
        assert.equal(tagged.headers.get('x-page-cache'), 'HIT', query);
        assert.equal(tagged.text, plain.text, query);
        assert.equal(tagged.headers.get('etag'), (await get('/fr/colis/abc')).headers.get('etag'));
      }
      assert.deepEqual(seen, ['/fr/colis/abc']);
    });

    it('a tagged first visit is rendered as the plain page and kept for it', async () => {
      assert.equal(await handlerCallsForTwo('/ar/trajets?fbclid=abc'), 1);
      assert.equal(await handlerCallsForTwo('/ar/trajets'), 0);
      assert.deepEqual(seen, ['/ar/trajets']);
    });

    it('keeps the other keys of the query, in their order, and a tagged filtered list is its canonical copy', async () => {
      answers['/fr/colis'] = {
        nextCache: '',
        headers: { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' },
      };
      await get('/fr/colis?to=Paris&utm_source=x&from=Tunis');
      assert.equal(await handlerCallsForTwo('/fr/colis?from=Tunis&to=Paris&gclid=1'), 0);
      await get('/fr/simulateur-prix/resultat?weight=5&utm_campaign=y&distance=900');
      assert.deepEqual(seen, ['/fr/colis?from=Tunis&to=Paris', '/fr/simulateur-prix/resultat?weight=5&distance=900']);
    });

    it('leaves `/`, un-prefixed paths and the API as they are (the proxy redirects keep the tags for the browser)', async () => {
      await get('/?utm_source=x');
      await get('/colis?utm_source=x');
      await get('/api/user/v1/packages?ref=1');
      assert.deepEqual(seen, ['/?utm_source=x', '/colis?utm_source=x', '/api/user/v1/packages?ref=1']);
    });
  });
  describe('what a CDN is told (cdnMaxAge)', () => {
    const cdn = 'public, s-maxage=30, stale-while-revalidate=60, stale-if-error=86400';
    const rendered: Answer = {
      nextCache: '',
      headers: { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' },
    };
    beforeEach(() => {
      cache = createPageCache({ now: () => clock, cdnMaxAge: 30, canonicalUrl: canonicalListUrl });
    });

    it("a public page says CDN_MAX_AGE instead of Next's hour, with the tags of what it shows, kept or not", async () => {
      answers['/fr/colis/abc'] = { nextCache: 'MISS' };
      for (const [path, tags] of [
        ['/fr/colis', ['page:/colis', 'listings', 'listings:package']],
        ['/ar/trajets', ['page:/trajets', 'listings', 'listings:travel']],
        ['/fr/colis/abc', ['page:/colis/abc', 'listing:package:abc', 'listings:travel']],
        ['/en/trajet/xyz', ['page:/trajet/xyz', 'listing:travel:xyz', 'listings:package']],
        ['/tn', ['page:/', 'listings']],
        ['/fr/envoyer-colis/tunisie', ['page:/envoyer-colis/tunisie', 'listings']],
      ] as const) {
        for (const round of ['first answer', 'copy']) {
          const { headers } = await get(path);
          assert.equal(headers.get('cache-control'), cdn, `${path}, ${round}`);
          assert.equal(headers.get('cache-tag'), tags.join(','), `${path}, ${round}`);
          assert.equal(headers.get('surrogate-key'), tags.join(' '), `${path}, ${round}`);
        }
      }
      assert.equal((await get('/fr/colis')).headers.get('x-page-cache'), 'HIT');
      const { headers } = await get('/fr/colis');
      const revalidated = await get('/fr/colis', { 'if-none-match': headers.get('etag')! });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.headers.get('cache-control'), cdn);
    });

    it("Next's 304 to a CDN's revalidation says CDN_MAX_AGE too", async () => {
      answers['/fr/colis/abc'] = { status: 304, nextCache: 'HIT', body: '' };
      const { status, headers } = await get('/fr/colis/abc', { 'if-none-match': '"next"' });
      assert.equal(status, 304);
      assert.equal(headers.get('cache-control'), cdn);
      assert.equal(headers.get('cache-tag'), 'page:/colis/abc,listing:package:abc,listings:travel');
    });

    it('a content page built once names only itself; a filtered list its list', async () => {
      answers['/fr/faq'] = { headers: { 'cache-control': 's-maxage=31536000' } };
      const faq = await get('/fr/faq');
      assert.equal(faq.headers.get('cache-control'), cdn);
      assert.equal(faq.headers.get('cache-tag'), 'page:/faq');
      answers['/fr/colis'] = rendered;
      const filtered = await get('/fr/colis?to=Paris&from=Tunis');
      assert.equal(filtered.headers.get('cache-control'), cdn);
      assert.equal(filtered.headers.get('cache-tag'), 'page:/colis,listings,listings:package');
    });

    it('what differs between visitors or requests stays private, and the API and files are left alone', async () => {
      answers['/fr/mon-dashboard'] = rendered;
      answers['/fr/sets-a-cookie'] = { headers: { 'set-cookie': 'a=b' } };
      answers['/fr/missing'] = { status: 404 };
      answers['/api/user/v1/conversations'] = { nextCache: '', headers: { 'cache-control': 'no-store' } };
      answers['/api/user/v1/listings'] = { nextCache: '', headers: { 'cache-control': 's-maxage=60' } };
      answers['/icon.svg'] = { nextCache: '', headers: { 'cache-control': 'public, max-age=31536000, immutable' } };
      const cases = [
        ['/fr/mon-dashboard', 'private, no-cache, no-store, max-age=0, must-revalidate'],
        ['/fr/mon-dashboard?tab=1', 'private, no-cache, no-store, max-age=0, must-revalidate'],
        ['/fr/sets-a-cookie', 's-maxage=3600, stale-while-revalidate=31532400'],
        ['/fr/missing', 's-maxage=3600, stale-while-revalidate=31532400'],
        ['/api/user/v1/conversations', 'no-store'],
        ['/api/user/v1/listings', 's-maxage=60'],
        ['/icon.svg', 'public, max-age=31536000, immutable'],
      ];
      for (const [path, cacheControl] of cases) {
        const { headers } = await get(path!);
        assert.equal(headers.get('cache-control'), cacheControl, path);
        assert.equal(headers.get('cache-tag'), null, path);
        assert.equal(headers.get('surrogate-key'), null, path);
      }
    });

    it("without cdnMaxAge, Next's own header passes", async () => {
      cache = createPageCache({ now: () => clock });
      const { headers } = await get('/fr/colis');
      assert.equal(headers.get('cache-control'), 's-maxage=3600, stale-while-revalidate=31532400');
      assert.equal(headers.get('cache-tag'), null);
    });
  });
});
