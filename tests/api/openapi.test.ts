// The OpenAPI document of /api/user/v1 is generated from the endpoint declarations that the route
// files serve: every route is declared, every declaration is served, and the CONTRACT's calls are
// exactly as written. (Every real answer of the API tests is checked against it: ./contract.ts.)
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/openapi.test.ts
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { imageLimits, listPageSize } from '@/lib/domain';
import { errorCatalogue } from '@/lib/errors';
import { allEndpoints, httpMethods, type Endpoint } from '@/lib/server/http/endpoints';
import type { RouteHandler } from '@/lib/server/http/route';
import { call } from './helpers';
import { GET } from '@/app/api/user/v1/openapi.json/route';
import * as fallback from '@/lib/server/http/fallback';

const fallbacks = new Set<unknown>(Object.values(fallback));

const root = path.resolve(import.meta.dirname, '..', '..');
const apiDir = path.join(root, 'app', 'api', 'user', 'v1');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;
let doc: Doc;
let response: Response;

before(async () => {
  // Another origin than the tests' usual one, to see that the document names the request's origin.
  response = await GET(new Request('http://api.test:8080/api/user/v1/openapi.json'), { params: Promise.resolve({}) });
  doc = await response.clone().json();
  await call(GET); // and the document's own answer matches the document
});

/** Every route.ts under app/api/user/v1: its API path, and the handlers it exports by HTTP method. */
async function routeFiles() {
  const found: { file: string; path: string; handlers: Record<string, RouteHandler> }[] = [];
  for (const entry of readdirSync(apiDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'route.ts') continue;
    const segments = path.relative(apiDir, entry.parentPath).split(path.sep).filter(Boolean);
    const exported = (await import(path.join(entry.parentPath, entry.name))) as Record<string, unknown>;
    // The methods a file re-exports from the fallback (405) are not its own.
    const handlers = Object.fromEntries(
      Object.entries(exported).filter(
        ([name, handler]) => (httpMethods as readonly string[]).includes(name) && !fallbacks.has(handler),
      ),
    ) as Record<string, RouteHandler>;
    found.push({
      file: path.relative(root, path.join(entry.parentPath, entry.name)),
      path: '/' + segments.map((s) => s.replace(/^\[(\w+)\]$/, '{$1}')).join('/'),
      handlers,
    });
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
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

/** A schema, following a local $ref. */
function resolve(schema: Doc): Doc {
  if (schema?.$ref)
    return schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Doc, key: string) => node[key], doc);
  return schema;
}

describe('the route files serve the declared endpoints, and only those', () => {
  test('each exported method is the route() of the endpoint declared for its path and method', async () => {
    const files = await routeFiles();
    assert.ok(files.length >= 15, `${files.length} route files`);
    const served = new Set<Endpoint>();
    for (const file of files) {
      assert.ok(Object.keys(file.handlers).length > 0, `no HTTP method exported by ${file.file}`);
      for (const [method, handler] of Object.entries(file.handlers)) {
        assert.ok(handler.endpoint, `${method} of ${file.file} is not made by route()`);
        assert.equal(handler.endpoint.method, method, file.file);
        assert.equal(handler.endpoint.path, file.path, file.file);
        served.add(handler.endpoint);
      }
    }
    const unserved = allEndpoints.filter((e) => !served.has(e)).map((e) => `${e.method} ${e.path}`);
    assert.deepEqual(unserved, []);
  });

  test('the document has one operation per endpoint', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    );
    assert.deepEqual(documented.sort(), allEndpoints.map((e) => `${e.method} ${e.path}`).sort());
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
    assert.deepEqual(op.security, [{ sessionCookie: [] }, { bearerToken: [] }]);
    for (const status of ['400', '401', '403', '409', '429'])
      assert.ok(op.responses[status], `confirm-phone ${status}`);
  });

  test('POST /users/{userId}/validate-code with an integer confirmationPhoneCode', () => {
    const op = doc.paths['/users/{userId}/validate-code']?.post;
    assert.ok(op);
    const schema = resolve(op.requestBody.content['application/json'].schema);
    assert.equal(schema.properties.confirmationPhoneCode.type, 'integer');
    assert.deepEqual(schema.required, ['confirmationPhoneCode']);
    assert.deepEqual(op.security, [{ sessionCookie: [] }, { bearerToken: [] }]);
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

  test('successes use the envelope around a named answer; acknowledgements are null', () => {
    for (const name of ['Error', 'Acknowledgement', 'MirrorUser', 'PublicUser', 'ListingSummary', 'ListingPage'])
      assert.ok(doc.components.schemas[name], name);
    const ok = doc.paths['/packages'].get.responses['200'].content['application/json'].schema;
    assert.deepEqual(ok.required, ['success', 'data']);
    assert.equal(ok.properties.success.const, true);
    assert.equal(ok.properties.data.$ref, '#/components/schemas/ListingPage');
    assert.deepEqual(doc.components.schemas.Acknowledgement, { type: 'null' });
    for (const path of ['/auth/forgot-password', '/users/{userId}/reset-password', '/newsletter'])
      assert.equal(
        doc.paths[path].post.responses['200'].content['application/json'].schema.properties.data.$ref,
        '#/components/schemas/Acknowledgement',
      );
  });

  test('answers are strict: a field the schema does not name is refused', () => {
    assert.equal(doc.components.schemas.ListingSummary.additionalProperties, false);
    assert.equal(doc.components.schemas.MirrorUser.additionalProperties, false);
  });

  test('defaults are the code’s: page size and sort', () => {
    const params = doc.paths['/packages'].get.parameters;
    assert.equal(params.find((p: Doc) => p.name === 'limit').schema.default, listPageSize.default);
    assert.equal(params.find((p: Doc) => p.name === 'limit').schema.maximum, listPageSize.max);
    assert.equal(params.find((p: Doc) => p.name === 'sort').schema.default, 'date');
  });

  test('list filters are query parameters', () => {
    const names = doc.paths['/travels'].get.parameters.filter((p: Doc) => p.in === 'query').map((p: Doc) => p.name);
    for (const name of ['from', 'to', 'after', 'before', 'type', 'status', 'sort', 'cursor', 'limit'])
      assert.ok(names.includes(name), name);
  });

  test('session-only writes say so; bad bodies answer 400', () => {
    const post = doc.paths['/packages'].post;
    assert.deepEqual(post.security, [{ sessionCookie: [] }, { bearerToken: [] }]);
    assert.ok(post.responses['400'] && post.responses['401']);
    assert.equal(doc.paths['/packages'].get.security, undefined);
  });

  test('package images are a multipart `images` file array', () => {
    const op = doc.paths['/packages/{id}/images'].post;
    const images = op.requestBody.content['multipart/form-data'].schema.properties.images;
    assert.equal(images.type, 'array');
    assert.equal(images.items.format, 'binary');
    assert.equal(images.maxItems, imageLimits.perListing);
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
