// CONTRACT.md "HTTP API": an unknown path under /api/ answers the error envelope with 404, and a
// method a path does not define 405 with an Allow header, both in the caller's language.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/api-fallback.test.ts
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './helpers';
import { apiRouteFiles, root } from './route-files';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;
const writable = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

describe('an unknown path under /api/ answers 404 in the envelope, whatever the method', () => {
  const cases = [
    ['GET', ['nope'], 'fr', 'Cette adresse de l’API n’existe pas.'],
    ['POST', ['user', 'v1', 'nope', 'deeper'], 'en', 'This API address does not exist.'],
    ['DELETE', ['user', 'v1', 'packages', 'x', 'y', 'z'], 'ar', 'عنوان واجهة البرمجة هذا غير موجود.'],
    ['PUT', ['user', 'v2', 'places'], 'tn', 'العنوان هذا موش موجود في واجهة البرمجة.'],
    ['PATCH', ['user'], 'fr', 'Cette adresse de l’API n’existe pas.'],
  ] as const;
  for (const [method, segments, locale, message] of cases) {
    test(`${method} /api/${segments.join('/')} (${locale})`, async () => {
      const unknownPath = (await import(path.join(root, 'app/api/[...path]/route.ts'))) as Record<string, Handler>;
      const handler = unknownPath[method];
      assert.equal(typeof handler, 'function', `${method} is not answered`);
      const { status, json, response } = await call(handler!, {
        method,
        locale,
        path: `/api/${segments.join('/')}`,
        params: { path: segments },
        body: method === 'GET' ? undefined : {},
      });
      assert.equal(status, 404);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(json, { success: false, error: { code: 'ROUTE_NOT_FOUND', message } });
    });
  }
});

describe('a method a route file does not define answers 405 with Allow, in the envelope', () => {
  for (const route of apiRouteFiles()) {
    const samplePath = '/api/user/v1' + route.path.replace(/\{\w+\}/g, 'abc123');
    const allow = [...route.methods, ...(route.methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort().join(', ');
    test(`${route.path} allows ${allow}`, async () => {
      const mod = (await import(path.join(root, route.file))) as Record<string, Handler>;
      const missing = writable.filter((m) => !route.methods.includes(m));
      assert.ok(missing.length > 0);
      for (const method of missing) {
        const handler = mod[method];
        assert.equal(typeof handler, 'function', `${method} ${route.path} is left to Next's empty 405`);
        const { status, json, response } = await call(handler!, {
          method,
          locale: 'en',
          path: samplePath,
          params: { id: 'abc123', userId: 'abc123' },
          body: method === 'GET' ? undefined : {},
        });
        assert.equal(status, 405, `${method} ${route.path}`);
        assert.equal(response.headers.get('allow'), allow, `${method} ${route.path}`);
        assert.deepEqual(json, {
          success: false,
          error: { code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed on this address.' },
        });
      }
      const options = await mod.OPTIONS!(new Request(`http://localhost:3000${samplePath}`, { method: 'OPTIONS' }), {
        params: Promise.resolve({}),
      });
      assert.equal(options.status, 204);
      assert.equal(options.headers.get('allow'), allow);
    });
  }

  test('the message follows X-Locale, then Accept-Language', async () => {
    const { DELETE } = await import('@/app/api/user/v1/places/route');
    const fr = await call(DELETE, { method: 'DELETE', path: '/api/user/v1/places', locale: 'fr' });
    assert.equal(fr.json.error?.message, 'Cette méthode n’est pas acceptée à cette adresse.');
    const request = new Request('http://localhost:3000/api/user/v1/places', {
      method: 'DELETE',
      headers: { 'accept-language': 'ar-TN,ar;q=0.8' },
    });
    const tn = await DELETE(request, { params: Promise.resolve({}) });
    assert.equal(tn.status, 405);
    assert.equal(
      ((await tn.json()) as { error: { message: string } }).error.message,
      'الطريقة هاذي موش مقبولة في العنوان هذا.',
    );
  });
});
