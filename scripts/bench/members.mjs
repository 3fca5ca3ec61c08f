// The bench scripts' API client and their members: each request from an address of its own (so the
// per-address limits of a real crowd apply, not one client's), and members signed up and confirmed
// through the API, their confirmation link read from the outbox (written by a job, so waited for).
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

function confirmationLink(dataDir, email) {
  const dir = path.join(dataDir, 'outbox');
  let files;
  try {
    files = readdirSync(dir);
  } catch {
    return undefined; // no message written yet
  }
  for (const file of files.sort().reverse()) {
    const message = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    if (message.to === email) return new URL(/https?:\/\/\S+/.exec(message.text)[0]);
  }
  return undefined;
}

/**
 * Signs up `email` and confirms it from the outbox of the server's `dataDir`: a signed-in member.
 * @param {ReturnType<typeof apiClient>} call
 * @param {string} dataDir
 * @param {{ email: string, firstname: string }} who
 */
export async function signUpMember(call, dataDir, { email, firstname }) {
  await call('POST', '/auth/sign-up', {
    body: {
      firstname,
      lastname: 'Bench',
      email,
      password: 'bench1234',
      confirmPassword: 'bench1234',
      birthDate: '1990-01-01',
      acceptTerms: true,
    },
  });
  let link;
  for (let tries = 0; !(link = confirmationLink(dataDir, email)); tries++) {
    if (tries > 150) throw new Error(`no confirmation for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const userId = link.pathname.split('/').at(-1);
  const { cookie } = await call('POST', `/users/${userId}/confirm-email`, {
    body: { token: link.searchParams.get('token') },
  });
  return { userId, cookie };
}
