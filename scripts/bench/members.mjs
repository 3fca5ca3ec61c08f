// The bench scripts' API client and their members: each request from an address of its own (so the
// per-address limits of a real crowd apply, not one client's), and members signed up, confirmed,
// signed in and phone-verified through the API, their link and code read from the outbox (written by
// a job, so waited for).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

let clients = 0;
/** A client address not used before, as `x-forwarded-for` (the bench server trusts the loopback). */
export const nextAddress = () => `10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;

/**
 * Calls the JSON API at `api`; throws unless the envelope says success.
 * @param {string} api
 * @returns {(method: string, pathname: string, options?: { cookie?: string, body?: unknown, address?: string, timeoutMs?: number }) => Promise<{ data: any, cookie: string | undefined }>}
 */
export function apiClient(api) {
  return async (method, pathname, { cookie, body, address = nextAddress(), timeoutMs = 60_000 } = {}) => {
    const response = await fetch(`${api}${pathname}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': address,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = await response.json();
    if (!json.success) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(json.error)}`);
    const cookies = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='));
    return { data: json.data, cookie: cookies.join('; ') || undefined };
  };
}

/** The newest outbox message to `to` (written by a job of the server, so waited for), or undefined. */
function lastOutbox(dataDir, to) {
  const dir = path.join(dataDir, 'outbox');
  let files;
  try {
    files = readdirSync(dir);
  } catch {
    return undefined; // no message written yet
  }
  for (const file of files.sort().reverse()) {
    const message = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    if (message.to === to) return message;
  }
  return undefined;
}

async function waitForOutbox(dataDir, to, since = '') {
  for (let tries = 0; ; tries++) {
    const message = lastOutbox(dataDir, to);
    if (message && message.createdAt > since) return message;
    if (tries > 150) throw new Error(`no message to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A mobile number of its own for the `i`th bench member: Tunisian, each in a range of its own (a range
 * gets 20 codes a day, lib/server/limits.ts), its last digits from the process (several runs a day).
 */
export const benchPhone = (i) =>
  `+2165${String(i % 1000).padStart(3, '0')}${String(process.pid % 10000).padStart(4, '0')}`;

/**
 * Signs `email` up, confirms it from the outbox of the server's `dataDir` (the link asks for the
 * password), signs in (a link never does) and, with `phone`, verifies it with the code of the outbox
 * (publishing and proposing need it): a signed-in member.
 * @param {ReturnType<typeof apiClient>} call
 * @param {string} dataDir
 * @param {{ email: string, firstname: string, phone?: string }} who
 */
export async function signUpMember(call, dataDir, { email, firstname, phone }) {
  const password = 'bench1234';
  const address = nextAddress();
  await call('POST', '/auth/sign-up', {
    address,
    body: {
      firstname,
      lastname: 'Bench',
      email,
      password,
      confirmPassword: password,
      birthDate: '1990-01-01',
      acceptTerms: true,
    },
  });
  const link = new URL(/https?:\/\/\S+/.exec((await waitForOutbox(dataDir, email)).text)[0]);
  const userId = link.pathname.split('/').at(-1);
  await call('POST', `/users/${userId}/confirm-email`, { body: { token: link.searchParams.get('token'), password } });
  const { cookie } = await call('POST', '/auth/sign-in', { address, body: { email, password } });
  if (!cookie) throw new Error(`signing in ${email} set no cookie`);
  if (phone) {
    const since = new Date().toISOString();
    await call('POST', `/users/${userId}/confirm-phone`, { cookie, body: { phone } });
    const code = Number(/\b(\d{6})\b/.exec((await waitForOutbox(dataDir, phone, since)).text)[1]);
    await call('POST', `/users/${userId}/validate-code`, { cookie, body: { confirmationPhoneCode: code } });
  }
  return { userId, cookie };
}
