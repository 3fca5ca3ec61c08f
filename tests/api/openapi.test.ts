// The OpenAPI document of /api/user/v1 covers every route that exists, and the CONTRACT's calls:
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/openapi.test.ts
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorCatalogue } from '@/lib/errors';
import { maxImagesPerListing } from '@/lib/server/images';
import { GET } from '@/app/api/user/v1/openapi.json/route';
import { apiRouteFiles } from './route-files';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;
let doc: Doc;
let response: Response;

before(async () => {
  response = GET(new Request('http://api.test:8080/api/user/v1/openapi.json'));
  doc = await response.json();
});

/** A schema, following a local $ref. */
function resolve(schema: Doc): Doc {
  if (schema?.$ref)
    return schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Doc, key: string) => node[key], doc);
  return schema;
}

test('an OpenAPI 3.1 document, cached for an hour, served for the request’s origin', () => {
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.title, 'Colibri user API');
  assert.equal(doc.info.version, '1.0.0');
  assert.match(doc.info.description, /X-Locale/);
  assert.match(doc.info.description, /cookie/);
  const expected = process.env.SITE_URL ? process.env.SITE_URL.replace(/\/+$/, '') : 'http://api.test:8080';
  assert.deepEqual(doc.servers, [{ url: `${expected}/api/user/v1` }]);
  assert.equal(doc.components.securitySchemes.sessionCookie.in, 'cookie');
  assert.equal(doc.components.securitySchemes.sessionCookie.name, 'better-auth.session_token');
});

describe('every route under app/api/user/v1 is documented with its methods', () => {
  const all = apiRouteFiles();
  test('the directory has routes', () => assert.ok(all.length >= 20, `${all.length} routes`));
  for (const route of all) {
    test(`${route.path} (${route.file})`, () => {
      assert.ok(route.methods.length > 0, `no HTTP method found in ${route.file}`);
      const item = doc.paths[route.path];
      assert.ok(item, `${route.path} missing from paths`);
      for (const method of route.methods) {
        const op = item[method.toLowerCase()];
        assert.ok(op, `${method} ${route.path} missing`);
        assert.ok(op.responses['200'], `${method} ${route.path} has no 200 answer`);
      }
    });
  }
  test('and nothing else', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const existing = all.flatMap((r) => r.methods.map((m) => `${m} ${r.path}`));
    assert.deepEqual(documented.sort(), existing.sort());
  });
});

describe('the CONTRACT’s calls, exactly', () => {
  test('GET /users/{userId}', () => {
    const op = doc.paths['/users/{userId}']?.get;
    assert.ok(op);
    assert.ok(op.parameters.some((p: Doc) => p.in === 'path' && p.name === 'userId' && p.required));
    assert.equal(op.requestBody, undefined);
  });

  test('POST /users/{userId}/confirm-phone with { phone }', () => {
    const op = doc.paths['/users/{userId}/confirm-phone']?.post;
    assert.ok(op);
    const schema = resolve(op.requestBody.content['application/json'].schema);
    assert.equal(schema.type, 'object');
    assert.equal(schema.properties.phone.type, 'string');
    assert.deepEqual(schema.required, ['phone']);
    assert.deepEqual(op.security, [{ sessionCookie: [] }]);
    for (const status of ['400', '401', '403', '409', '429'])
      assert.ok(op.responses[status], `confirm-phone ${status}`);
  });

  test('POST /users/{userId}/validate-code with an integer confirmationPhoneCode', () => {
    const op = doc.paths['/users/{userId}/validate-code']?.post;
    assert.ok(op);
    const schema = resolve(op.requestBody.content['application/json'].schema);
    assert.equal(schema.properties.confirmationPhoneCode.type, 'integer');
    assert.deepEqual(schema.required, ['confirmationPhoneCode']);
    assert.deepEqual(op.security, [{ sessionCookie: [] }]);
  });
});

describe('errors and answers', () => {
  test('the Error schema names every code of the catalogue', () => {
    const error = doc.components.schemas.Error;
    assert.equal(error.properties.success.const, false);
    assert.deepEqual([...error.properties.error.properties.code.enum].sort(), Object.keys(errorCatalogue).sort());
  });

  test('every error answer refers to the Error schema, with a status of the catalogue', () => {
    const statuses = new Set(Object.values(errorCatalogue).map(String));
    for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, Doc>>))
      for (const [method, op] of Object.entries(item))
        for (const [status, answer] of Object.entries(op.responses as Record<string, Doc>)) {
          if (Number(status) < 400) continue;
          assert.ok(statuses.has(status), `${method} ${p}: ${status}`);
          assert.equal(answer.content['application/json'].schema.$ref, '#/components/schemas/Error');
        }
  });

  test('successes use the envelope; response schemas are present', () => {
    for (const name of [
      'Envelope',
      'Error',
      'MirrorUser',
      'PublicUser',
      'ListingSummary',
      'ListingDetail',
      'ListingPage',
    ])
      assert.ok(doc.components.schemas[name], name);
    const ok = doc.paths['/packages'].get.responses['200'].content['application/json'].schema;
    assert.equal(ok.allOf[0].$ref, '#/components/schemas/Envelope');
    assert.equal(ok.allOf[1].properties.data.$ref, '#/components/schemas/ListingPage');
  });

  test('list filters are query parameters', () => {
    const names = doc.paths['/travels'].get.parameters.filter((p: Doc) => p.in === 'query').map((p: Doc) => p.name);
    for (const name of ['from', 'to', 'after', 'before', 'type', 'status', 'sort', 'cursor', 'limit'])
      assert.ok(names.includes(name), name);
  });

  test('session-only writes say so; bad bodies answer 400', () => {
    const post = doc.paths['/packages'].post;
    assert.deepEqual(post.security, [{ sessionCookie: [] }]);
    assert.ok(post.responses['400'] && post.responses['401']);
    assert.equal(doc.paths['/packages'].get.security, undefined);
  });

  test('package images are a multipart `images` file array', () => {
    const op = doc.paths['/packages/{id}/images'].post;
    const images = op.requestBody.content['multipart/form-data'].schema.properties.images;
    assert.equal(images.type, 'array');
    assert.equal(images.items.format, 'binary');
    assert.equal(images.maxItems, maxImagesPerListing);
    for (const status of ['400', '401', '403', '404', '413', '415'])
      assert.ok(op.responses[status], `images ${status}`);
  });

  test('request bodies come from the zod schemas', () => {
    const signUp = doc.components.schemas.SignUpInput;
    assert.equal(signUp.properties.acceptTerms.const, true);
    assert.ok(signUp.required.includes('birthDate'));
    assert.equal(signUp.$schema, undefined);
    const travel = doc.components.schemas.TravelInput;
    assert.equal(travel.properties.startedAt.format, 'date-time');
    assert.ok(travel.properties.travelType.enum.includes('plane'));
  });
});
