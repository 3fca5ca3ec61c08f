// API tests call the real route handlers with real Requests, against a real database:
// PGlite in a fresh DATA_DIR, or the PostgreSQL server of DATABASE_URL (scripts/test.mjs starts one).
// Every answer is checked against the OpenAPI document (./contract.ts).
import { after } from 'node:test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { RouteHandler } from '@/lib/server/http/route';
import { clientAddressHeaders } from '@/lib/server/http/client-address.mjs';
import { apiBasePath } from '@/lib/routes';
import { checkAnswer, checkError } from './contract';
import { isMail, outboxIn } from '../outbox';
import { captchaChallengeSchema } from '@/lib/schemas/contact';

if (!process.env.DATA_DIR) process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'colibri-api-'));
process.env.SEED = 'none';
// The tests' stand-in push services listen on the loopback (tests/api/away.test.ts): an operator's host.
process.env.PUSH_SERVICE_HOSTS ??= '127.0.0.1';

// The jobs a request enqueued (e-mails, SMS, alert matching) run through the real queue in this
// process when its answer is in (`call` drains it), so that a test reads their outcome at once.
// The queue lives in the database's migrations: a file that migrates nothing itself still has it.
let migrated: Promise<void> | undefined;
const jobs = async () => {
  migrated ??= import('@/lib/server/db/migrate').then(({ migrateDb }) => migrateDb());
  await migrated;
  return import('@/lib/server/jobs/runner');
};
export const drainJobs = async () => (await jobs()).drainJobs();
/** The page events a request added, written at once (the server writes them within a second). */
export const flushPageEvents = async () => (await import('@/lib/server/traffic/writer')).flushPageEvents();
// Then the database: a file that never closes it itself would keep its process (and the run) waiting.
after(async () => {
  if (migrated) await (await jobs()).stopJobs();
  await (await import('@/lib/server/db/client')).closeDb();
});

/** Each test process is one client, unless a test says otherwise. */
const processAddress = `198.51.100.${process.pid % 250}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a route of any params
type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

export type Json = {
  success: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  error?: { code: string; message: string; fields?: Record<string, string>; retryAfter?: number };
};

/**
 * Calls a route handler as Next would, at its own URL (the endpoint's path with `params`, and
 * `query`); `cookie` is sent back as a browser would. The answer must match the OpenAPI document.
 */
export async function call(
  handler: RouteHandler | Handler,
  init: {
    params?: Record<string, string | readonly string[]>;
    query?: string | Record<string, string>;
    body?: unknown;
    rawBody?: string | Uint8Array<ArrayBuffer>;
    form?: FormData;
    cookie?: string;
    locale?: string;
    method?: string;
    /** The client address, as the production server would stamp it (default: this test process's own). */
    address?: string;
    headers?: Record<string, string>;
    /** The request's path, for handlers that serve no declared endpoint (the API's fallbacks). */
    path?: string;
    /** An event stream is left open for the test to read (and abort with `signal`); else it is closed. */
    keepStream?: boolean;
    signal?: AbortSignal;
  } = {},
): Promise<{ status: number; json: Json; cookie?: string; response: Response }> {
  const endpoint = 'endpoint' in handler ? handler.endpoint : undefined;
  const headers = new Headers({
    'x-locale': init.locale ?? 'fr',
    ...clientAddressHeaders(init.address ?? processAddress),
    ...init.headers,
  });
  if (!init.form && !headers.has('content-type')) headers.set('content-type', 'application/json');
  if (init.cookie) headers.set('cookie', init.cookie);
  const body = init.form ?? init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const pathname = endpoint
    ? apiBasePath +
      endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(init.params?.[name] ?? '')))
    : (init.path ?? apiBasePath);
  const query = typeof init.query === 'string' ? init.query : new URLSearchParams(init.query).toString();
  const request = new Request(`http://localhost:3000${pathname}${query ? `?${query}` : ''}`, {
    method: init.method ?? endpoint?.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: init.signal,
  });
  // As Next does: a path without dynamic segments gets no params at all.
  const response = await handler(request, { params: Promise.resolve(init.params) });
  const setCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
  if (response.headers.get('content-type')?.startsWith('text/event-stream') && !init.keepStream)
    await response.body?.cancel();
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const json = (isJson ? await response.clone().json() : null) as Json;
  if (endpoint) checkAnswer(endpoint, response.status, json);
  else checkError(response.status, json);
  await drainJobs();
  await flushPageEvents();
  return { status: response.status, json, cookie: setCookie || undefined, response };
}
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@test.colibri.tn`;
}

/** Every outbox message to an address, oldest first. */
export const outboxTo = (to: string) => outboxIn(process.env.DATA_DIR!, to);

/** Every outbox e-mail to an address, oldest first. */
export const mailsTo = (to: string) => outboxTo(to).filter(isMail);

/** The newest outbox message to an address (e-mail or phone). */
export const lastOutbox = (to: string) => outboxTo(to).at(-1);

export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
}

export const adult = '1990-04-12';

export const day = 24 * 3600 * 1000;
/** An ISO date so many days from now. */
export const soon = (days: number) => new Date(Date.now() + days * day).toISOString();

/** A valid sign-up of an adult who accepts the terms. */
export const signUpBody = (email: string) => ({
  firstname: 'Amel',
  lastname: 'Ben Salah',
  email,
  password: 'secret12',
  confirmPassword: 'secret12',
  birthDate: adult,
  acceptTerms: true,
});

/** A valid parcel, Tunis to Paris, leaving in 5 days. */
export const parcelBody = () => ({
  name: 'Livres',
  description: 'Deux cartons',
  from: { city: 'Tunis' },
  to: { city: 'Paris' },
  startedAt: soon(5),
  endedAt: soon(9),
  weightKg: 6,
  pricePerKg: 20,
  currency: 'TND',
});

/** A valid trip, Sfax to Marseille, leaving in 3 days. */
/** The parcel a proposal on a trip describes. */
export const parcelOnTrip = {
  weightKg: 4,
  size: 'small',
  contents: 'Des vêtements et deux livres',
  noProhibitedItems: true,
};

export const tripBody = () => ({
  from: { city: 'Sfax' },
  to: { city: 'Marseille' },
  startedAt: soon(3),
  endedAt: soon(4),
  pricePerKg: 8,
  currency: 'EUR',
  travelType: 'plane',
});

/** The account id and token of the confirmation link e-mailed to an address (`/fr/confirmation-email/{userId}?token=`). */
export function confirmationLink(email: string): { userId: string; token: string } {
  const link = linkIn(lastOutbox(email)!.text);
  return { userId: link.pathname.split('/').at(-1)!, token: link.searchParams.get('token')! };
}

/** Forgets an address's "one confirmation e-mail a minute" counter: a minute passing. */
export async function aMinuteLater(email: string): Promise<void> {
  const { getDb } = await import('@/lib/server/db/client');
  const { rateLimits } = await import('@/lib/server/db/schema');
  const { eq } = await import('drizzle-orm');
  await (await getDb()).delete(rateLimits).where(eq(rateLimits.key, `colibri:emailConfirmationPerAccount:${email}`));
}

/** A confirmed, signed-in account made through the real API: its id, e-mail and session cookie. */
export async function member(label: string) {
  const { POST: signUp } = await import('@/app/api/user/v1/auth/sign-up/route');
  const { POST: confirmEmail } = await import('@/app/api/user/v1/users/[userId]/confirm-email/route');
  const email = uniqueEmail(label);
  // A client of its own, so that making many members does not meet the sign-up limit per address.
  const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
  const created = await call(signUp, {
    address,
    body: { ...signUpBody(email), firstname: 'Leila', lastname: 'Haddad' },
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created.json));
  const { userId, token } = confirmationLink(email);
  const confirmed = await call(confirmEmail, { params: { userId }, body: { token, password: 'secret12' } });
  if (confirmed.status !== 200) throw new Error(JSON.stringify(confirmed.json));
  // The link never signs in: the member signs in with the password.
  const { POST: signIn } = await import('@/app/api/user/v1/auth/sign-in/route');
  const signedIn = await call(signIn, { address, body: { email, password: 'secret12' } });
  if (!signedIn.cookie) throw new Error(`signing in failed: ${JSON.stringify(signedIn.json)}`);
  return { userId, email, cookie: signedIn.cookie };
}

/** A phone number of Tunisia nobody else took (random: test files run at once on one database). */
export const freshPhone = () => `+2165${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** Verifies a member's phone through the real SMS code of the outbox (proposing and accepting need one). */
export async function verifyPhoneOf(m: { userId: string; cookie: string }, phone = freshPhone()): Promise<string> {
  const { POST: confirmPhone } = await import('@/app/api/user/v1/users/[userId]/confirm-phone/route');
  const { POST: validateCode } = await import('@/app/api/user/v1/users/[userId]/validate-code/route');
  const sent = await call(confirmPhone, { params: { userId: m.userId }, body: { phone }, cookie: m.cookie });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.json));
  const code = Number(/\b(\d{6})\b/.exec(lastOutbox(phone)!.text)![1]);
  const ok = await call(validateCode, {
    params: { userId: m.userId },
    body: { confirmationPhoneCode: code },
    cookie: m.cookie,
  });
  if (ok.status !== 200) throw new Error(JSON.stringify(ok.json));
  return phone;
}

/** A member with a verified phone, who may propose and accept. */
export async function trader(label: string) {
  const m = await member(label);
  await verifyPhoneOf(m);
  return m;
}

/**
 * Deletes every listing of these members, photos included: a file whose requests create listings at
 * random leaves the market of the shared test database as it found it (the next files count theirs).
 */
export async function deleteListingsOf(...userIds: string[]) {
  const { and, inArray } = await import('drizzle-orm');
  const { getDb } = await import('@/lib/server/db/client');
  const { packages, travels, proposals } = await import('@/lib/server/db/schema');
  const { deleteListing } = await import('@/lib/server/listings/listings');
  const { dealStatuses } = await import('@/lib/domain');
  const db = await getDb();
  // A listing with a deal cannot be deleted (LISTING_HAS_DEAL): the tests' deals go first.
  await db
    .delete(proposals)
    .where(and(inArray(proposals.publisherId, userIds), inArray(proposals.status, [...dealStatuses])));
  for (const [kind, table] of [
    ['package', packages],
    ['travel', travels],
  ] as const)
    for (const { id, ownerId } of await db
      .select({ id: table.id, ownerId: table.ownerId })
      .from(table)
      .where(inArray(table.ownerId, userIds)))
      await deleteListing(kind, id, ownerId);
  await drainJobs(); // their files go with a job
}

/**
 * A solved captcha of the contact form, as the ALTCHA widget posts it (base64 JSON of the challenge
 * and its solution): a challenge from GET /contact/captcha, solved by altcha-lib as the widget does.
 */
export async function solvedCaptcha(address?: string): Promise<string> {
  const { GET: captcha } = await import('@/app/api/user/v1/contact/captcha/route');
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const challenge = captchaChallengeSchema.parse((await call(captcha, { address })).json);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
