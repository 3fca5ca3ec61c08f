import { expect, test } from './fixtures';
import { legacyPaths } from '@/lib/routes';

// CONTRACT.md "Web routes", checked over HTTP against the production server.
const redirects: [string, Record<string, string>, number, string][] = [
  ['/', {}, 307, '/fr'],
  ['/', { 'accept-language': 'en-GB,en;q=0.9' }, 307, '/en'],
  ['/', { 'accept-language': 'ar-TN' }, 307, '/tn'],
  ['/', { 'accept-language': 'ar' }, 307, '/ar'],
  ['/', { cookie: 'i18next=en', 'accept-language': 'ar' }, 307, '/en'],
  ['/?lng=ar', { cookie: 'i18next=en' }, 307, '/ar'],
  ['/xx/faq', {}, 307, '/fr'],
  ['/de', {}, 307, '/fr'],
  ['/pas-une-page', {}, 307, '/fr'],
  ...Object.entries(legacyPaths).map(
    ([from, to]) => [`/${from}`, {}, 308, `/fr/${to}`] as [string, Record<string, string>, number, string],
  ),
  ['/fr/mon-dashboard', {}, 307, '/fr/connexion?next=%2Ffr%2Fmon-dashboard'],
  ['/ar/messagerie', {}, 307, '/ar/connexion?next=%2Far%2Fmessagerie'],
];

for (const [path, headers, status, location] of redirects) {
  test(`${path} ${JSON.stringify(headers)} → ${status} ${location}`, async ({ request }) => {
    const response = await request.get(path, { headers, maxRedirects: 0 });
    expect(response.status()).toBe(status);
    const target = new URL(response.headers()['location'] ?? '', 'http://localhost');
    expect(target.pathname + target.search).toBe(location);
  });
}

test('/ remembers the detected language in the i18next cookie', async ({ request }) => {
  const response = await request.get('/', { headers: { 'accept-language': 'en' }, maxRedirects: 0 });
  expect(response.headers()['set-cookie']).toMatch(/^i18next=en;/);
});

for (const [path, heading, title] of [
  ['/fr/cette-page-nexiste-pas', 'Cette page est introuvable', 'Page introuvable | Colibri'],
  ['/en/nope/deeper', 'We can’t find this page', 'Page not found | Colibri'],
  ['/tn/nope', 'ما لقيناش الصفحة هاذي', 'الصفحة موش موجودة | كوليبري'],
  ['/ar/nope', 'لم نجد هذه الصفحة', 'الصفحة غير موجودة | كوليبري'],
] as const) {
  test(`${path} answers the translated 404 page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page).toHaveTitle(title);
  });
}

test('html lang and dir follow the URL', async ({ page }) => {
  for (const [prefix, lang, dir] of [
    ['fr', 'fr', 'ltr'],
    ['en', 'en', 'ltr'],
    ['tn', 'ar-TN', 'rtl'],
    ['ar', 'ar', 'rtl'],
  ] as const) {
    await page.goto(`/${prefix}/faq`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
  }
});

// CONTRACT.md "HTTP API": unknown paths and wrong methods under /api/ answer the JSON envelope.
for (const [method, path, headers, status, code, message, allow] of [
  ['GET', '/api/nope', {}, 404, 'ROUTE_NOT_FOUND', 'Cette adresse de l’API n’existe pas.', null],
  [
    'POST',
    '/api/user/v1/nope/deeper',
    { 'x-locale': 'en' },
    404,
    'ROUTE_NOT_FOUND',
    'This API address does not exist.',
    null,
  ],
  [
    'GET',
    '/api/user/v1/packages/abc/nope',
    { 'accept-language': 'ar' },
    404,
    'ROUTE_NOT_FOUND',
    'عنوان واجهة البرمجة هذا غير موجود.',
    null,
  ],
  [
    'DELETE',
    '/api/user/v1/places',
    {},
    405,
    'METHOD_NOT_ALLOWED',
    'Cette méthode n’est pas acceptée à cette adresse.',
    'GET, HEAD, OPTIONS',
  ],
  [
    'PUT',
    '/api/user/v1/auth/sign-in',
    { 'x-locale': 'tn' },
    405,
    'METHOD_NOT_ALLOWED',
    'الطريقة هاذي موش مقبولة في العنوان هذا.',
    'OPTIONS, POST',
  ],
  [
    'PATCH',
    '/api/user/v1/packages/abc',
    { 'x-locale': 'en' },
    405,
    'METHOD_NOT_ALLOWED',
    'This method is not allowed on this address.',
    'DELETE, GET, HEAD, OPTIONS, PUT',
  ],
] as const) {
  test(`${method} ${path} answers ${status} ${code} in JSON`, async ({ request }) => {
    const response = await request.fetch(path, { method, headers, maxRedirects: 0 });
    expect(response.status()).toBe(status);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(response.headers()['allow'] ?? null).toBe(allow);
    expect(await response.json()).toEqual({ success: false, error: { code, message } });
  });
}

test('OPTIONS on an API path lists its methods', async ({ request }) => {
  const response = await request.fetch('/api/user/v1/packages', { method: 'OPTIONS' });
  expect(response.status()).toBe(204);
  expect(response.headers()['allow']).toBe('GET, HEAD, OPTIONS, POST');
});
