// Social sign-in in the API tests, against the stand-in for Google, Facebook and Apple of
// tests/e2e/oauth-provider.mjs (their authorization-code protocol): the server's calls to the providers'
// hosts reach it through tests/e2e/oauth-hosts.mjs, and `viaProvider` plays the browser's round trip:
// better-auth's /api/auth/sign-in/social, the provider's consent page, its answer to the callback.
// Import ./social-keys before anything that reads lib/env.ts, then this module.
import { drainJobs } from './helpers'; // first: it chooses DATA_DIR before lib/env.ts reads it
import '../e2e/oauth-hosts.mjs';
import { startOAuthProvider } from '../e2e/oauth-provider.mjs';
import { clientAddressHeaders } from '@/lib/server/http/client-address.mjs';
import { siteUrl } from '@/lib/env';
import type { SocialProvider } from '@/lib/domain';

type StandIn = Awaited<ReturnType<typeof startOAuthProvider>>;
let standIn: Promise<StandIn> | undefined;

/** The stand-in, started once per test file (its server is closed by `stopStandIn`). */
function started(): Promise<StandIn> {
  standIn ??= startOAuthProvider().then((provider) => {
    process.env.OAUTH_STAND_IN = provider.url;
    return provider;
  });
  return standIn;
}

export async function stopStandIn(): Promise<void> {
  if (standIn) await (await standIn).stop();
}

export type Who = { sub: string; email: string; firstname: string; lastname: string; emailVerified?: boolean };

/** A browser's cookies, as it keeps them between answers (a removed one is forgotten). */
export class CookieJar {
  private cookies = new Map<string, string>();
  constructor(header?: string) {
    for (const pair of header?.split(';') ?? []) {
      const [name, ...value] = pair.trim().split('=');
      if (name) this.cookies.set(name, value.join('='));
    }
  }
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || !value.join('=');
      if (gone) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  has(prefix: string): boolean {
    return [...this.cookies.keys()].some((name) => name.startsWith(prefix));
  }
}

/** better-auth's endpoints, as app/api/auth/[...all] serves them (only social sign-in and its callbacks are open). */
async function auth(request: Request): Promise<Response> {
  const { GET, POST } = await import('@/app/api/auth/[...all]/route');
  return request.method === 'POST' ? POST(request) : GET(request);
}

/**
 * A browser signs in with `provider` as `who` (with `signUp`, from inscription-sociale: an adult who
 * accepts the terms). Answers where it landed, the `?error=` if that is connexion with one, and the
 * browser's cookies (a session cookie, if one was set).
 */
export async function viaProvider(
  provider: SocialProvider,
  who: Who,
  { signUp = false, jar = new CookieJar(), address = '198.51.100.77' } = {},
): Promise<{ location: string; error: string | null; jar: CookieJar; signedIn: boolean }> {
  const stand = await started();
  stand.identity(provider, who);
  const headers = () => ({ cookie: jar.header(), ...clientAddressHeaders(address) });
  const start = await auth(
    new Request(`${siteUrl}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteUrl, ...headers() },
      body: JSON.stringify({
        provider,
        callbackURL: '/fr/connexion',
        newUserCallbackURL: '/fr/modifier-telephone',
        errorCallbackURL: `/fr/connexion?provider=${provider}`,
        ...(signUp
          ? { requestSignUp: true, additionalData: { birthDate: '1990-05-01', acceptTerms: true, locale: 'fr' } }
          : {}),
      }),
    }),
  );
  jar.take(start);
  const { url } = (await start.json()) as { url: string };
  // The provider's sign-in page, then its Continue link.
  const authorize = new URL(url);
  const page = await (await fetch(`${stand.url}/${authorize.hostname}${authorize.pathname}${authorize.search}`)).text();
  const consent = /href="(\/consent\/[^"?]+)\?allow=1"/.exec(page)?.[1];
  if (!consent) throw new Error(`no consent link in ${page}`);
  const answer = await fetch(`${stand.url}${consent}?allow=1`, { redirect: 'manual' });
  let callback: Request;
  if (answer.status === 302) callback = new Request(answer.headers.get('location')!, { headers: headers() });
  else {
    // Apple posts its answer (response_mode=form_post).
    const html = await answer.text();
    const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
    const fields = new URLSearchParams(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    callback = new Request(action, {
      method: 'POST',
      body: fields,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers() },
    });
  }
  let done = await auth(callback);
  jar.take(done);
  // better-auth answers a posted callback by sending the browser to the same callback as a GET.
  const again = done.headers.get('location');
  if (again?.startsWith(`${siteUrl}/api/auth/callback/`)) {
    done = await auth(new Request(again, { headers: headers() }));
    jar.take(done);
  }
  await drainJobs();
  const location = done.headers.get('location') ?? '';
  return {
    location,
    error: new URL(location, siteUrl).searchParams.get('error'),
    jar,
    signedIn: jar.has('better-auth.session_token'),
  };
}
