/** @jest-environment node */
import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { config, proxy } from '@/proxy';
import { guestRoutes, legacyPaths, listFilterKeys, listPages, memberRoutes, staticPages } from '@/lib/routes';
import { prefixes } from '@/lib/i18n/locales';
import { listingFiltersSchema } from '@/lib/schemas/listings';

function request(path: string, init: { cookie?: string; acceptLanguage?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.acceptLanguage) headers.set('accept-language', init.acceptLanguage);
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
}

function run(path: string, init?: Parameters<typeof request>[1]) {
  const response = proxy(request(path, init));
  const location = response.headers.get('location');
  return {
    status: response.status,
    location: location ? new URL(location).pathname + new URL(location).search : null,
    cookie: response.cookies.get('i18next')?.value,
  };
}

const session = 'better-auth.session_token=abc';

// One row per rule of CONTRACT.md "Web routes": request → status and Location.
const rules: [string, Parameters<typeof request>[1], number, string | null][] = [
  ['/', {}, 307, '/fr'],
  ['/?lng=en', {}, 307, '/en'],
  ['/?lng=tn', { acceptLanguage: 'en' }, 307, '/tn'],
  ['/?lng=xx', { cookie: 'i18next=ar' }, 307, '/ar'],
  ['/', { cookie: 'i18next=en', acceptLanguage: 'ar' }, 307, '/en'],
  ['/', { acceptLanguage: 'ar-TN,ar;q=0.8' }, 307, '/tn'],
  ['/', { acceptLanguage: 'ar-EG' }, 307, '/ar'],
  ['/', { acceptLanguage: 'en-US,en;q=0.9' }, 307, '/en'],
  ['/', { acceptLanguage: 'de-DE' }, 307, '/fr'],
  ['/de', {}, 307, '/fr'],
  ['/de/faq', {}, 307, '/fr'],
  ['/ar-TN/faq', {}, 307, '/fr'],
  ['/nimportequoi', {}, 307, '/fr'],
  ['/wp-admin/setup?x=1', {}, 307, '/fr'],
  ...Object.entries(legacyPaths).map(
    ([from, to]) => [`/${from}`, {}, 308, `/fr/${to}`] as [string, Record<string, never>, number, string],
  ),
  ['/colis/abc123', {}, 308, '/fr/colis/abc123'],
  ['/faq?q=1', {}, 308, '/fr/faq?q=1'],
  ...memberRoutes.map(
    (route) =>
      [`/en/${route}`, {}, 307, `/en/connexion?next=%2Fen%2F${route}`] as [
        string,
        Record<string, never>,
        number,
        string,
      ],
  ),
  ['/tn/messagerie/42', {}, 307, '/tn/connexion?next=%2Ftn%2Fmessagerie%2F42'],
  ['/fr/mon-dashboard', { cookie: session }, 200, null],
  ['/ar/mes-favoris', { cookie: `__Secure-${session}` }, 200, null],
  ['/fr/connexion', {}, 200, null],
  ['/fr/faq', {}, 200, null],
];

describe('proxy: routing rules', () => {
  it.each(rules)('%s %j → %i %s', (path, init, status, location) => {
    const result = run(path, init);
    expect(result.status).toBe(status);
    expect(result.location).toBe(location);
  });

  it('remembers the detected language in the i18next cookie', () => {
    expect(run('/', { acceptLanguage: 'en' }).cookie).toBe('en');
    expect(run('/?lng=ar').cookie).toBe('ar');
  });

  it('covers all 19 legacy paths of the specification', () => {
    expect(Object.keys(legacyPaths)).toHaveLength(19);
    expect(legacyPaths.favoris).toBe('mes-favoris');
    expect(legacyPaths.comparatif).toBe('comparatif-colibri-vs-transporteurs');
  });
});

describe('proxy matcher: runs only where it is needed', () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });
  it.each([
    '/',
    '/faq',
    '/favoris',
    '/de/faq',
    '/ar-TN',
    '/fr/mon-dashboard',
    '/tn/messagerie',
    '/en/messagerie/abc',
    '/ar/modifier-telephone',
    '/fr/colis?fromCountry=TN',
    '/tn/trajets?cursor=abc',
    '/en/colis?from=&to=Paris&type=',
    '/fr/connexion',
    '/ar/reinitialiser-mot-de-passe/abc',
  ])('runs for %s', (url) => {
    expect(matches(url)).toBe(true);
  });
  it.each([
    ...staticPages.map((page) => `/fr/${page}`),
    '/en',
    '/tn/faq',
    '/ar/colis/123',
    '/fr/colis',
    '/ar/trajets?utm_source=news',
    '/fr/colis?from=&to=',
    '/fr/colis/123?from=Tunis',
    '/_next/static/chunks/app.js',
    '/api/user/v1/users/1',
    '/icon.svg',
    '/robots.txt',
    '/sitemap.xml',
  ])('does not run for %s', (url) => {
    expect(matches(url)).toBe(false);
  });
});

describe('proxy: filtered lists', () => {
  it('matches exactly the filter keys of lib/routes.ts', () => {
    const keys = config.matcher.flatMap((entry) =>
      typeof entry === 'string' ? [] : entry.has.map((condition) => condition.key),
    );
    expect(keys).toEqual([...listFilterKeys]);
  });

  it('rewrites a filtered list to its per-request page and leaves the bare list alone', () => {
    const rewrite = proxy(new NextRequest('http://localhost/fr/colis?fromCountry=TN'));
    expect(rewrite.headers.get('x-middleware-rewrite')).toBe('http://localhost/fr/colis/resultats?fromCountry=TN');
    expect(
      proxy(new NextRequest('http://localhost/fr/colis?utm_source=x')).headers.get('x-middleware-rewrite'),
    ).toBeNull();
  });
});

describe('proxy: filtered lists keep the filled fields only', () => {
  it('redirects a filter form sent with empty fields to the address of the filled ones', () => {
    const answer = proxy(new NextRequest('http://localhost/fr/colis?from=&to=&fromCountry=TN&maxPrice=+&sort=date'));
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('http://localhost/fr/colis?fromCountry=TN&sort=date');
    const none = proxy(new NextRequest('http://localhost/en/trajets?from=&to='));
    expect(none.headers.get('location')).toBe('http://localhost/en/trajets');
  });
});

describe('the matcher is literal (Next reads it statically): its lists are those of lib/', () => {
  const sources = config.matcher.map((entry) => (typeof entry === 'string' ? entry : entry.source));
  /** Every `(a|b|c)` alternation of the matcher's sources, as sorted lists. */
  const groups = sources.flatMap((source) =>
    [...source.matchAll(/\((?:\?:)?([a-z-]+(?:\|[a-z-]+)+)\)/g)].map((m) => m[1]!.split('|').sort().join('|')),
  );
  const list = (values: readonly string[]) => [...values].sort().join('|');

  it('language prefixes are the prefixes of lib/i18n/locales.ts', () => {
    const languageGroups = groups.filter((g) => g.split('|').includes('fr'));
    expect(languageGroups.length).toBeGreaterThan(2);
    for (const group of languageGroups) expect(group).toBe(list(prefixes));
  });
  it('member screens are memberRoutes of lib/routes.ts', () => {
    expect(groups).toContain(list(memberRoutes));
    expect(groups.filter((g) => g.includes('mon-dashboard'))).toEqual([list(memberRoutes)]);
  });
  it('guest screens are guestRoutes of lib/routes.ts', () => {
    expect(groups.filter((g) => g.includes('connexion'))).toEqual([list(guestRoutes)]);
  });
  it('lists are listPages of lib/routes.ts', () => {
    const listGroups = groups.filter((g) => g.split('|').includes(listPages[0]!));
    expect(listGroups.length).toBe(listFilterKeys.length);
    for (const group of listGroups) expect(group).toBe(list(listPages));
  });
});

describe('member and guest screens get a nonce in their Content-Security-Policy', () => {
  it.each(['/fr/mon-dashboard', '/ar/connexion'])('%s', (path) => {
    const response = proxy(request(path, { cookie: 'better-auth.session_token=x' }));
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([A-Za-z0-9+/=]{20,})'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    // Next reads the nonce from the request's policy, forwarded with the request.
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    const again = proxy(request(path, { cookie: 'better-auth.session_token=x' })).headers.get(
      'content-security-policy',
    );
    expect(again).not.toBe(policy);
  });
});

describe('lib/routes.ts listFilterKeys', () => {
  it('are the keys of the list filters schema', () => {
    expect([...listFilterKeys].sort()).toEqual(Object.keys(listingFiltersSchema.shape).sort());
  });
});
