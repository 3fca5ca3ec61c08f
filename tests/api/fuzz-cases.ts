// The requests the fuzz test sends (tests/api/fuzz.test.ts), as fast-check arbitraries: near misses of
// valid bodies, random JSON, broken text, garbage queries and path ids, wrong media types, other
// sites' origins, with and without a session.
import fc from 'fast-check';
import { z } from '@/lib/zod';
import { signUpBody, soon } from './helpers';
import { endpointKey } from './endpoint-handlers';
import { type Endpoint } from '@/lib/server/http/endpoints';
import { currencies, listingKinds, listingStatuses, parcelSizes, reportReasons, travelTypes } from '@/lib/domain';
import { locales } from '@/lib/i18n/locales';
import { listingActions, memberActions } from '@/lib/schemas/moderation';

// ---------------------------------------------------------------- valid requests, to miss narrowly

const email = fc.oneof(fc.emailAddress(), fc.constant('fuzz@test.colibri.tn'));
const listing = {
  from: { city: 'Tunis' },
  to: { city: 'Paris', country: 'FR' },
  startedAt: soon(5),
  endedAt: soon(9),
  pricePerKg: 20,
  currency: fc.constantFrom(...currencies),
  description: 'Deux cartons',
};
export const packageBody = { ...listing, name: 'Livres', weightKg: 6 };
export const travelBody = { ...listing, travelType: fc.constantFrom(...travelTypes), availableKg: 10 };

/**
 * A valid body of every endpoint that takes JSON (values may be arbitraries), keyed "METHOD /path":
 * the cases change some of its fields. The test fails when an endpoint with a body has none.
 */
export const validBodies: Record<string, Record<string, unknown>> = {
  'POST /auth/sign-up': { ...signUpBody(''), email },
  'POST /auth/resend-confirmation': { email },
  'POST /auth/sign-in': { email, password: 'secret12' },
  'POST /auth/forgot-password': { email },
  'POST /users/{userId}/confirm-email': {
    token: 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi50biJ9.c2ln',
    password: fc.constantFrom('secret12', 'notmine12'),
  },
  'POST /users/{userId}/reset-password': { token: 'a1b2c3d4e5', password: 'newpass12', confirmPassword: 'newpass12' },
  'POST /users/{userId}/confirm-phone': {
    phone: fc.constantFrom('+21620123456', '+33612345678', '+21655000111', '+33899123456', '+23276123456'),
    channel: fc.constantFrom('sms', 'whatsapp', undefined),
  },
  'POST /users/{userId}/validate-code': { confirmationPhoneCode: fc.integer({ min: 100000, max: 999999 }) },
  'POST /packages': packageBody,
  'PUT /packages/{id}': packageBody,
  'POST /packages/{id}/status': { status: fc.constantFrom(...listingStatuses) },
  'POST /travels': travelBody,
  'PUT /travels/{id}': travelBody,
  'POST /travels/{id}/status': { status: fc.constantFrom(...listingStatuses) },
  'POST /newsletter': { email, locale: fc.constantFrom(...locales) },
  'POST /proposals': {
    listingKind: fc.constantFrom(...listingKinds),
    listingId: fc.constantFrom('x1', 'x2'),
    amount: 40,
    // Constants only inside a nested object (nearMiss changes them there).
    parcel: { weightKg: 4, size: parcelSizes[1], contents: 'Des livres', noProhibitedItems: true },
  },
  'PUT /proposals/{id}': { amount: 42 },
  'POST /proposals/{id}/counter': { amount: 45 },
  'POST /proposals/{id}/pickup': { code: '123456' },
  'POST /proposals/{id}/deliver': { code: '123 456' },
  'POST /conversations': { listingKind: fc.constantFrom(...listingKinds), listingId: 'x1', body: 'Bonjour' },
  'POST /conversations/{id}/messages': { body: 'Toujours disponible ?' },
  'POST /conversations/{id}/receipts': { status: fc.constantFrom('delivered', 'read'), upTo: 'x1' },
  'POST /newsletter/confirm': { token: fc.constantFrom('a'.repeat(43), 'Zm9v', '') },
  'POST /newsletter/unsubscribe': { token: fc.constantFrom('a'.repeat(64), 'Zm9v'), 'List-Unsubscribe': 'One-Click' },
  // A solution solved once before the cases run: the first case that keeps it sends a message, the
  // others meet CAPTCHA_ALREADY_USED (and must write nothing).
  'POST /contact': {
    name: 'Amel Ben Salah',
    email,
    subject: 'Colis abîmé',
    message: 'Bonjour, mon colis est arrivé abîmé.',
    altcha: fc.constant(null).map(() => fuzzState.captcha),
    locale: fc.constantFrom(...locales),
  },
  // The member space: Alice's own account. Passwords here are never hers, so that no case deletes
  // her account or changes her password (a near miss does not find 'secret12').
  'PATCH /me': {
    firstname: 'Alice',
    lastname: 'Fuzz',
    locale: fc.constantFrom(...locales),
    notifications: {
      email: { proposals: fc.boolean(), deals: fc.boolean(), messages: fc.boolean(), alerts: fc.boolean() },
      push: { messages: fc.boolean() },
      quietHours: { enabled: fc.boolean(), from: '22:00', to: '07:30', timeZone: 'Africa/Tunis' },
    },
  },
  'DELETE /me': { password: 'notmine12' },
  'POST /me/deletion/confirm': { token: 'QmFkVG9rZW4tMTIzNDU2Nzg5MA' },
  'POST /me/password': { currentPassword: 'notmine12', password: 'newpass12', confirmPassword: 'newpass12' },
  'POST /me/email': { email, password: 'notmine12' },
  'POST /me/email/confirm': { token: 'QmFkVG9rZW4tMTIzNDU2Nzg5MA' },
  'POST /users/{userId}/ratings': { score: fc.integer({ min: 1, max: 5 }), comment: 'Très bien' },
  'POST /users/{userId}/reports': { reason: fc.constantFrom(...reportReasons), details: 'Suspect' },
  'POST /alerts': { kind: fc.constantFrom(...listingKinds), filters: { from: 'Tunis', toCountry: 'FR', maxPrice: 30 } },
  'POST /moderation/members/{userId}/actions': { action: fc.constantFrom(...memberActions), reason: 'Motif de test' },
  'POST /moderation/listings/{id}/actions': {
    kind: fc.constantFrom(...listingKinds),
    action: fc.constantFrom(...listingActions),
    reason: 'Motif de test',
  },
  'POST /moderation/identity/{id}/decision': { decision: fc.constantFrom('approve', 'refuse'), reason: 'Photo floue' },
  'POST /push/subscriptions': {
    endpoint: fc.constantFrom('https://fcm.googleapis.com/fcm/send/fuzz', 'https://push.example.net/send/fuzz'),
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  },
  'DELETE /push/subscriptions': { endpoint: 'https://push.example.net/send/fuzz' },
  'POST /push/shown': { tag: 'conversation:fuzz' },
  'POST /page-events': {
    type: fc.constantFrom('view', 'vitals', 'share'),
    path: fc.constantFrom('/fr/colis', '/ar/trajet/x1', '/fr'),
    referrer: 'www.facebook.com',
    campaign: { source: 'facebook', medium: 'social', campaign: 'ete' },
  },
};

/** Values the cases read when they run, set by the test once its fixtures exist. */
export const fuzzState = { captcha: '' };

// ---------------------------------------------------------------- garbage

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '%',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  '٣٤',
  'تونس',
  '\u202eevil',
  '𝕏🚀',
  '__proto__',
  'constructor',
  '2026-02-31',
  '9999-12-31T23:59:59Z',
  '+21620123456',
  'a@b',
  'x'.repeat(5000),
);
const garbageString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  oddStrings,
  fc.integer().map(String),
  fc.double().map(String),
);
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  garbageString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, -1, 0, 100000, 100001),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof fc.Arbitrary);
const lift = (v: unknown): fc.Arbitrary<unknown> => (v instanceof fc.Arbitrary ? v : fc.constant(v));

/** A valid value, and a value that is valid no more: a stray NUL, far too long, trimmed to nothing... */
function twist(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string')
    return fc.constantFrom(
      `${value}\u0000`,
      `\u0000${value}`,
      value.repeat(80),
      `${value}🚀`,
      ` ${value} `,
      value.slice(0, 1),
      `${value}\u202e`,
      `${value}'--`,
      value.toUpperCase(),
    );
  if (typeof value === 'number')
    return fc.constantFrom(-value, 0, value * 1e6, value + 0.5, String(value), `${value}kg`);
  if (typeof value === 'boolean') return fc.constantFrom(!value, String(value), Number(value));
  return garbage;
}

function change(value: unknown): fc.Arbitrary<unknown> {
  if (value instanceof fc.Arbitrary) return value.chain(change);
  return fc.oneof(garbage, fc.constant(undefined), twist(value), ...(isPlainObject(value) ? [nearMiss(value)] : []));
}

/** A valid body with a few fields changed (garbage, twisted, dropped, nested wrong) and unknown ones added. */
function nearMiss(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const pairs = fc.record(
    Object.fromEntries(
      Object.entries(valid).map(([key, value]) => [
        key,
        fc.tuple(isPlainObject(value) ? fc.constant(value) : lift(value), change(value)),
      ]),
    ),
  );
  return fc
    .tuple(
      pairs,
      fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      fc.option(fc.dictionary(fc.string({ maxLength: 12 }), garbage, { maxKeys: 3 }), { freq: 4 }),
    )
    .map(([values, changed, extra]) => ({
      ...extra,
      ...Object.fromEntries(keys.map((key) => [key, values[key]![changed.includes(key) ? 1 : 0]])),
    }));
}

/** An object with the schema's keys, each holding a value of any type. */
function schemaKeys(schema: unknown): fc.Arbitrary<Record<string, unknown>> {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return fc.record(Object.fromEntries(keys.map((key) => [key, garbage])), { requiredKeys: [] });
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'oversized'; declaredOnly: boolean }
  | { kind: 'form'; fields: [string, unknown][]; encoding: 'multipart' | 'urlencoded' }
  | { kind: 'files'; parts: Part[] };
type Part = {
  name: string;
  file: boolean;
  content: 'jpeg' | 'truncated-jpeg' | Uint8Array<ArrayBuffer>;
  filename: string;
};

function jsonBodies(endpoint: Endpoint): fc.Arbitrary<Body> {
  const valid = validBodies[endpointKey(endpoint)] ?? {};
  const someJson = fc.oneof(nearMiss(valid), schemaKeys(endpoint.body), fc.jsonValue({ maxDepth: 3 }));
  const bytes = fc.uint8Array({ maxLength: 64 }).map((b) => new Uint8Array(b));
  return fc.oneof(
    { weight: 8, arbitrary: someJson.map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(nearMiss(valid), fc.nat())
        .map(([value, at]): Body => ({ kind: 'text', text: JSON.stringify(value).slice(0, at % 60) })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(garbageString, fc.constant('{"a":')).map((text): Body => ({ kind: 'text', text })),
    },
    // Not UTF-8: a lone continuation byte inside a string.
    {
      weight: 1,
      arbitrary: fc
        .oneof(bytes, fc.constant(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d])))
        .map((b): Body => ({ kind: 'bytes', bytes: b })),
    },
    { weight: 1, arbitrary: fc.boolean().map((declaredOnly): Body => ({ kind: 'oversized', declaredOnly })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(nearMiss(valid), fc.constantFrom('multipart' as const, 'urlencoded' as const))
        .map(([value, encoding]): Body => ({ kind: 'form', fields: Object.entries(value), encoding })),
    },
  );
}

function uploadBodies(): fc.Arbitrary<Body> {
  const part = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constant('images') }, fc.constantFrom('image', 'file', '', 'images[]')),
    file: fc.boolean(),
    content: fc.oneof(
      fc.constantFrom('jpeg' as const, 'truncated-jpeg' as const),
      fc.uint8Array({ maxLength: 256 }).map((b) => new Uint8Array(b)),
    ),
    filename: fc.oneof(fc.constantFrom('a.jpg', '../../x.jpg', '', 'photo.php'), fc.string({ maxLength: 20 })),
  });
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(part, { maxLength: 12 }).map((parts): Body => ({ kind: 'files', parts })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value): Body => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: garbageString.map((text): Body => ({ kind: 'text', text })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'oversized', declaredOnly: true }) },
  );
}

function bodies(endpoint: Endpoint): fc.Arbitrary<Body> {
  if (endpoint.method === 'GET') return fc.constant({ kind: 'none' });
  if (endpoint.body === 'images') return uploadBodies();
  if (endpoint.body) return jsonBodies(endpoint);
  // No body declared: whatever is sent must be ignored.
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 1, arbitrary: jsonBodies(endpoint) },
  );
}

const mediaTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'multipart/form-data',
  '',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/xml',
  'image/jpeg',
);

/** A keyset cursor as lib/server/listings/listings.ts writes them (base64url JSON), holding odd values. */
const cursor = fc
  .record({
    v: fc.oneof(
      garbageString,
      fc.double(),
      fc.constantFrom('-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '2026-01-01', 1e308),
    ),
    id: garbageString,
  })
  .map((value) => Buffer.from(JSON.stringify(value)).toString('base64url'));
/** Values a query key might get: plausible ones of other keys, and garbage. */
const queryValue = fc.oneof(
  fc.constantFrom('Tunis', 'tun', 'TN', 'fr', '2026-05-01', 'plane', 'all', 'price', 'recent', '12', '50', '51'),
  fc.constantFrom('eyJ2IjoxLCJpZCI6IngifQ', 'e30', '%%%'),
  cursor,
  garbageString,
);
function queries(endpoint: Endpoint): fc.Arbitrary<string> {
  const keys = endpoint.query ? Object.keys(endpoint.query.shape) : [];
  const ownKeys = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, queryValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 10 }), queryValue, { maxKeys: 2 }),
    )
    .map(([own, extra]) => new URLSearchParams({ ...extra, ...own } as Record<string, string>).toString());
  // Raw text: stray %, &, =, repeated keys, characters a URL must escape.
  const raw = fc
    .array(fc.oneof(fc.constantFrom(...keys, '%', '%zz', '&', '=', '[]', '?', '#', '+', '%00'), fc.string()), {
      maxLength: 8,
    })
    .map((pieces) => pieces.join(''));
  return fc.oneof({ weight: 3, arbitrary: ownKeys }, { weight: 1, arbitrary: raw }, fc.constant(''));
}

/** Path ids: the fixtures' (resolved when the case runs), and garbage. */
export const fixtureIds = [
  'alice',
  'bob',
  'pending',
  'alicePackage',
  'aliceTravel',
  'bobPackage',
  'bobTravel',
  'deleted',
  'proposal',
  'conversation',
  'message',
];
const pathId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...fixtureIds).map((name) => ({ fixture: name, suffix: '' })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...fixtureIds), fc.constantFrom('\u0000', '/', '%00', ' ', "'", '/..', '\n'))
      .map(([name, suffix]) => ({ fixture: name, suffix })),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom('', ' ', '.', '..', '../', '../../users', '%2e%2e', 'null', '0', '-1', '\u0000', '%00'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      fc.constantFrom('a'.repeat(300), 'é'.repeat(5000), '0'.repeat(10000)),
      fc.uuid(),
    ),
  },
);

const sameSite = fc.constantFrom<Record<string, string>>(
  {},
  { 'sec-fetch-site': 'same-origin' },
  { origin: 'http://localhost:3000' },
  { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
);
const otherSites = fc.constantFrom<Record<string, string>>(
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { origin: 'http://localhost:3000.evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { 'sec-fetch-site': 'none' },
  { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
  { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
);
const sites = fc.oneof({ weight: 3, arbitrary: sameSite }, { weight: 1, arbitrary: otherSites });
const sessions = fc.constantFrom('none', 'alice', 'alice', 'alice', 'garbage cookie', 'garbage bearer');
const languages = fc.oneof(fc.constantFrom('fr', 'en', 'ar', 'tn', 'ar-TN', 'de'), fc.string({ maxLength: 12 }));

export function cases(endpoint: Endpoint) {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return fc.record({
    params: fc.record(Object.fromEntries(names.map((name) => [name, pathId]))),
    query: queries(endpoint),
    body: bodies(endpoint),
    mediaType: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: mediaTypes }),
    site: sites,
    session: sessions,
    locale: languages,
    acceptLanguage: fc.option(fc.string({ maxLength: 30 })),
  });
}
export type Case = ReturnType<typeof cases> extends fc.Arbitrary<infer C> ? C : never;
