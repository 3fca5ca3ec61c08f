// Random and malformed requests to every endpoint of /api/user/v1 (lib/server/http/endpoints/index.ts), with
// fast-check: near misses of valid bodies, random JSON, broken JSON text and UTF-8, garbage queries
// and path ids, wrong media types, oversized bodies, other sites' origins, with and without a
// session. Whatever comes in: never a 500, never HTML, always the envelope the OpenAPI document
// describes for that status (call() checks it), and a refused request (status >= 400) writes no row
// and no file.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/fuzz.test.ts
// FUZZ_RUNS (default 2,000 in all) and FUZZ_SEED change the number of cases and the seed;
// `npm run fuzz` runs 20,000.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import sharp from 'sharp';
import {
  adult,
  call,
  confirmationLink,
  deleteListingsOf,
  drainJobs,
  member,
  solvedCaptcha,
  uniqueEmail,
  trader,
} from './helpers';
import { endpointKey, handlerOf } from './endpoint-handlers';
import { countedTables, rowCounts } from './table-counts';
import { allEndpoints, type Endpoint } from '@/lib/server/http/endpoints';
import type { RouteHandler } from '@/lib/server/http/route';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb } from '@/lib/server/db/client';
import { getSessionUser } from '@/lib/server/auth/session';
import { createListing, deleteListing, getListing } from '@/lib/server/listings/listings';
import { propose } from '@/lib/server/deals/proposals';
import { sendImage } from '@/lib/server/deals/messaging';
import { packageInputSchema, travelInputSchema } from '@/lib/schemas/listings';
import { listingKinds, requestLimits, type ListingKind } from '@/lib/domain';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { POST as signUp } from '@/app/api/user/v1/auth/sign-up/route';
import { cases, fuzzState, packageBody, travelBody, validBodies, type Case } from './fuzz-cases';

const totalRuns = Number(process.env.FUZZ_RUNS ?? 2000);
const seed = Number(process.env.FUZZ_SEED ?? 20240611);
const runsPerEndpoint = Math.ceil(totalRuns / allEndpoints.length);

// ---------------------------------------------------------------- fixtures

type Member = Awaited<ReturnType<typeof member>>;
let alice: Member;
let bob: Member;
let jpeg: Buffer;
const ids: Record<string, string> = {};
const kindOf = { alicePackage: 'package', aliceTravel: 'travel' } as const satisfies Record<string, ListingKind>;

const inputs = {
  package: () => packageInputSchema.parse({ ...packageBody, currency: 'TND' }),
  travel: () => travelInputSchema.parse({ ...travelBody, currency: 'EUR', travelType: 'car' }),
};

let requests = 0;
/** A client address per request: the limits of lib/server/limits.ts count per address. */
const address = () => `2001:db8:f022:${(++requests).toString(16)}::${(process.pid % 0xffff).toString(16)}`;

async function signInAlice() {
  const answer = await call(signIn, { body: { email: alice.email, password: 'secret12' }, address: address() });
  assert.equal(answer.status, 200);
  alice = { ...alice, cookie: answer.cookie! };
}

/** After a request that succeeded: Alice signed out, or her listing deleted, come back. */
async function restoreFixtures() {
  if (!(await getSessionUser(new Headers({ cookie: alice.cookie })))) await signInAlice();
  for (const [name, kind] of Object.entries(kindOf))
    if (!(await getListing(kind, ids[name]!))) ids[name] = (await createListing(kind, alice.userId, inputs[kind]())).id;
}

before(async () => {
  await migrateDb();
  alice = await trader('alice');
  bob = await trader('bob');
  const pending = uniqueEmail('pending');
  await call(signUp, {
    address: address(),
    body: {
      firstname: 'P',
      lastname: 'P',
      email: pending,
      password: 'secret12',
      confirmPassword: 'secret12',
      birthDate: adult,
      acceptTerms: true,
    },
  });
  ids.pending = confirmationLink(pending).userId;
  ids.alice = alice.userId;
  ids.bob = bob.userId;
  for (const kind of listingKinds) {
    const name = kind === 'package' ? 'Package' : 'Travel';
    ids[`alice${name}`] = (await createListing(kind, alice.userId, inputs[kind]())).id;
    ids[`bob${name}`] = (await createListing(kind, bob.userId, inputs[kind]())).id;
  }
  // Alice's proposal on Bob's parcel, its conversation and a photo in it.
  const proposal = await propose(alice.userId, { listingKind: 'package', listingId: ids.bobPackage!, amount: 30 });
  ids.proposal = proposal.id;
  ids.conversation = proposal.conversationId;
  const photo = new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'p.jpg',
  );
  ids.message = (await sendImage(alice.userId, proposal.conversationId, [photo])).id;
  ids.deleted = (await createListing('package', bob.userId, inputs.package())).id;
  fuzzState.captcha = await solvedCaptcha();
  await deleteListing('package', ids.deleted, bob.userId);
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#D19209' } })
    .jpeg()
    .toBuffer();
});

// ---------------------------------------------------------------- the requests

/** A field of a form: strings as they are, anything else as JSON. */
const formValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const oversizedJson = JSON.stringify({ email: 'a@b.tn', padding: 'x'.repeat(requestLimits.jsonBytes + 1) });

function request(endpoint: Endpoint, c: Case) {
  const headers: Record<string, string> = { ...c.site };
  if (c.acceptLanguage !== null) headers['accept-language'] = c.acceptLanguage;
  let rawBody: string | Uint8Array<ArrayBuffer> | undefined;
  let form: FormData | undefined;
  let type: string | undefined = 'application/json';
  const body = c.body;
  switch (body.kind) {
    case 'none':
      type = undefined;
      break;
    case 'json':
      rawBody = JSON.stringify(body.value) ?? 'null';
      break;
    case 'text':
      rawBody = body.text;
      break;
    case 'bytes':
      rawBody = body.bytes;
      break;
    case 'oversized':
      if (body.declaredOnly) {
        const limit = endpoint.body === 'images' ? requestLimits.multipartBytes : requestLimits.jsonBytes;
        headers['content-length'] = String(limit + 1);
        rawBody = '{}';
      } else rawBody = oversizedJson;
      if (endpoint.body === 'images') type = 'multipart/form-data; boundary=zz';
      break;
    case 'form':
      if (body.encoding === 'multipart') {
        form = new FormData();
        for (const [key, value] of body.fields) form.append(key, formValue(value));
        type = undefined;
      } else {
        rawBody = new URLSearchParams(body.fields.map(([k, v]) => [k, formValue(v)])).toString();
        type = 'application/x-www-form-urlencoded';
      }
      break;
    case 'files':
      form = new FormData();
      for (const part of body.parts) {
        const bytes =
          part.content === 'jpeg'
            ? new Uint8Array(jpeg)
            : part.content === 'truncated-jpeg'
              ? new Uint8Array(jpeg.subarray(0, jpeg.length >> 1))
              : part.content;
        if (part.file) form.append(part.name, new File([bytes], part.filename));
        else form.append(part.name, new TextDecoder().decode(bytes));
      }
      type = undefined;
      break;
  }
  if (c.mediaType !== null) type = c.mediaType;
  if (type !== undefined) headers['content-type'] = type;
  if (c.session === 'garbage bearer') headers.authorization = 'Bearer abc.def';
  const cookie = {
    none: undefined,
    alice: alice.cookie,
    'garbage cookie': 'better-auth.session_token=abc.def',
    'garbage bearer': undefined,
  }[c.session];
  const params = Object.fromEntries(
    Object.entries(c.params).map(([name, id]) => [name, typeof id === 'string' ? id : ids[id.fixture]! + id.suffix]),
  );
  // A GET carries no body; a multipart body needs the boundary FormData writes, unless the case says otherwise.
  return {
    params,
    query: c.query,
    rawBody: endpoint.method === 'GET' ? undefined : rawBody,
    form: endpoint.method === 'GET' ? undefined : form,
    headers,
    cookie,
    locale: c.locale,
    address: address(),
  };
}

const statuses = new Map<number, number>();
let casesRun = 0;
let failures = 0;

async function check(endpoint: Endpoint, handler: RouteHandler, c: Case) {
  casesRun += 1;
  // Jobs the fixtures' writes enqueued run first: what the call drains afterwards is its own.
  await drainJobs();
  const counts = await rowCounts();
  const answer = await call(handler, request(endpoint, c)); // throws when the answer is not the document's
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const where = `${endpointKey(endpoint)} answered ${answer.status}`;
  assert.notEqual(answer.status, 500, `${where}: ${JSON.stringify(answer.json)}`);
  const type = answer.response.headers.get('content-type') ?? '';
  if (answer.status === 303) {
    // A plain form post answered with its page, or a link opened in a browser: a page of this site (a relative address), no body.
    assert.ok(endpoint.formRedirect ?? endpoint.redirect, where);
    assert.match(answer.response.headers.get('location') ?? '', /^\/(fr|en|tn|ar)\//);
  } else if (endpoint.noContent && answer.status === 204) {
    // A success without a body: nothing else to say.
    assert.equal(await answer.response.text(), '', where);
  } else if (endpoint.produces && answer.status < 400) {
    // A success that is not JSON (an event stream, a photo): of the declared media type.
    assert.ok(type.startsWith(endpoint.produces), `${where} with ${type}`);
  } else {
    assert.match(type, /^application\/json/, `${where} with ${type}`);
    if (endpoint.envelope !== false || answer.status >= 400)
      assert.equal(answer.json.success, answer.status < 400, where);
  }
  if (answer.status >= 400) assert.deepEqual(await rowCounts(), counts, `${where}, and wrote`);
  else await restoreFixtures();
}

after(async () => {
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.log(
    `fuzz: ${casesRun} cases (seed ${seed}), ${failures ? `${failures} endpoints failed` : 'all passed'}; statuses ${byStatus.join(', ')}`,
  );
  await deleteListingsOf(alice.userId, bob.userId);
  await closeDb();
});

describe('malformed requests', () => {
  test(`the cases are seeded (seed ${seed}) and count the tables ${countedTables.join(', ')}`, () => {
    assert.ok(Number.isInteger(seed) && runsPerEndpoint > 0);
    assert.ok(countedTables.includes('users') && countedTables.includes('package_images'));
  });

  test('every endpoint that takes JSON has a valid body to miss', () => {
    const withJson = allEndpoints.filter((e) => e.body && e.body !== 'images').map(endpointKey);
    assert.deepEqual(withJson.filter((key) => !(key in validBodies)).sort(), []);
    assert.deepEqual(
      Object.keys(validBodies).filter((key) => !withJson.includes(key)),
      [],
    );
  });

  for (const [index, endpoint] of allEndpoints.entries())
    test(`${endpointKey(endpoint)}: ${runsPerEndpoint} cases`, async () => {
      const handler = await handlerOf(endpoint);
      try {
        await fc.assert(
          fc.asyncProperty(cases(endpoint), (c) => check(endpoint, handler, c)),
          { numRuns: runsPerEndpoint, seed: seed + index },
        );
      } catch (error) {
        failures += 1;
        // fast-check keeps the assertion that failed as the cause, which the test reporter does not show.
        const cause = (error as Error).cause;
        throw cause ? new Error(`${(error as Error).message}\n${String((cause as Error).stack ?? cause)}`) : error;
      }
    });
});
