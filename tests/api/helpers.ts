// API tests call the real route handlers with real Requests, against a real database:
// PGlite in a fresh DATA_DIR, or the PostgreSQL server of DATABASE_URL (scripts/test.mjs starts one).
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

if (!process.env.DATA_DIR) process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'colibri-api-'));
process.env.SEED = 'none';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

export type Json = {
  success: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

/** Calls a route handler as Next would; `cookie` is sent back as a browser would. */
export async function call(
  handler: Handler,
  init: {
    params?: Record<string, string | readonly string[]>;
    body?: unknown;
    rawBody?: string;
    cookie?: string;
    locale?: string;
    method?: string;
    /** The request's path (handlers that read their own URL). */
    path?: string;
  } = {},
): Promise<{ status: number; json: Json; cookie?: string; response: Response }> {
  const headers = new Headers({
    'content-type': 'application/json',
    'x-locale': init.locale ?? 'fr',
    'x-forwarded-for': '10.0.0.1',
  });
  if (init.cookie) headers.set('cookie', init.cookie);
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const request = new Request(`http://localhost:3000${init.path ?? '/api/user/v1/test'}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  const setCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
  return { status: response.status, json: (await response.json()) as Json, cookie: setCookie || undefined, response };
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@test.colibri.tn`;
}

type OutboxEntry = { channel: string; to: string; subject?: string; text: string; createdAt: string };

/** The newest outbox message to an address (e-mail or phone), as CONTRACT.md describes it. */
export function lastOutbox(to: string): OutboxEntry | undefined {
  const dir = path.join(process.env.DATA_DIR!, 'outbox');
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxEntry)
    .filter((m) => m.to === to)
    .at(-1);
}

export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
}

export const adult = '1990-04-12';

/** A confirmed, signed-in account made through the real API: its id, e-mail and session cookie. */
export async function member(label: string) {
  const { POST: signUp } = await import('@/app/api/user/v1/auth/sign-up/route');
  const { POST: confirmEmail } = await import('@/app/api/user/v1/users/[userId]/confirm-email/route');
  const email = uniqueEmail(label);
  const created = await call(signUp, {
    body: {
      firstname: 'Leila',
      lastname: 'Haddad',
      email,
      password: 'secret12',
      confirmPassword: 'secret12',
      birthDate: adult,
      acceptTerms: true,
    },
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created.json));
  const userId = created.json.data.userId as string;
  const token = linkIn(lastOutbox(email)!.text).searchParams.get('token');
  const confirmed = await call(confirmEmail, { params: { userId }, body: { token } });
  if (!confirmed.cookie) throw new Error('confirming did not sign in');
  return { userId, email, cookie: confirmed.cookie };
}
