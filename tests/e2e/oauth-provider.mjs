// A stand-in for Google, Facebook and Apple sign-in (the outside world; there is no internet here).
// It speaks their authorization-code protocol at their own paths, under /<host>/<path>:
// the browser is sent here from accounts.google.com, www.facebook.com and appleid.apple.com
// (tests/e2e/social.spec.ts routes those), and the server's calls to oauth2.googleapis.com,
// graph.facebook.com and appleid.apple.com arrive here through tests/e2e/oauth-hosts.mjs.
// The consent page signs in as the identity the test set for that provider.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const authorizeHosts = {
  'accounts.google.com': 'google',
  'www.facebook.com': 'facebook',
  'appleid.apple.com': 'apple',
};
const issuers = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' };

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token as the providers send it from their token endpoint (the app reads it without the signature). */
const idToken = (provider, clientId, who) =>
  [
    b64({ alg: 'RS256', kid: 'stand-in', typ: 'JWT' }),
    b64({
      iss: issuers[provider],
      aud: clientId,
      sub: who.sub,
      email: who.email,
      // Whether the provider vouches for the address (`emailVerified: false` to say it does not).
      email_verified: provider === 'apple' ? String(who.emailVerified ?? true) : (who.emailVerified ?? true),
      name: `${who.firstname} ${who.lastname}`,
      given_name: who.firstname,
      family_name: who.lastname,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
    'c3RhbmQtaW4',
  ].join('.');

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const readBody = (req) =>
  new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
  });

/**
 * Starts the stand-in on a free port; `identity(provider, who)` sets who its consent page signs in
 * (`who`: sub, email, firstname, lastname, and `emailVerified` false for an address the provider did not verify).
 */
export async function startOAuthProvider() {
  const identities = {};
  const pending = new Map(); // consent id → the authorization request
  const codes = new Map(); // code → what the token endpoint answers for
  const tokens = new Map(); // access token → who

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://stand-in');
    const [, host, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };

    // The provider's sign-in page.
    if (authorizeHosts[host] && req.method === 'GET' && !path.includes('token')) {
      const provider = authorizeHosts[host];
      const id = randomBytes(8).toString('hex');
      pending.set(id, { provider, params: url.searchParams });
      const who = identities[provider];
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>${provider} (stand-in)</title><main><h1>Sign in with ${provider}</h1>` +
          `<p>as ${escape(who?.email ?? 'nobody')}</p>` +
          `<a href="/consent/${id}?allow=1">Continue</a> <a href="/consent/${id}?allow=0">Cancel</a></main></html>`,
      );
      return;
    }

    // The member's answer, sent back to the app as each provider does.
    if (host === 'consent') {
      const request = pending.get(path.slice(1));
      if (!request) return json(400, { error: 'invalid_request' });
      const { provider, params } = request;
      const answer = new URLSearchParams({ state: params.get('state') ?? '' });
      if (url.searchParams.get('allow') === '1') {
        const code = randomBytes(12).toString('hex');
        codes.set(code, {
          provider,
          who: identities[provider],
          clientId: params.get('client_id'),
          redirectUri: params.get('redirect_uri'),
        });
        answer.set('code', code);
      } else answer.set('error', provider === 'apple' ? 'user_cancelled_authorize' : 'access_denied');
      const redirectUri = params.get('redirect_uri');
      if (params.get('response_mode') === 'form_post') {
        const fields = [...answer].map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`).join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><body><form method="post" action="${escape(redirectUri)}">${fields}</form>` +
            `<script>document.forms[0].submit()</script></body></html>`,
        );
      } else {
        res.writeHead(302, { location: `${redirectUri}?${answer}` });
        res.end();
      }
      return;
    }

    // The token endpoints: a code once, for the client and the address it was given to.
    if (
      req.method === 'POST' &&
      (path === '/token' || path === '/auth/token' || path.endsWith('/oauth/access_token'))
    ) {
      const body = await readBody(req);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')[0]
        : undefined;
      const grant = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      if (
        !grant ||
        grant.redirectUri !== body.get('redirect_uri') ||
        grant.clientId !== (body.get('client_id') ?? basic)
      )
        return json(400, { error: 'invalid_grant' });
      const accessToken = randomBytes(12).toString('hex');
      tokens.set(accessToken, grant);
      return json(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        ...(grant.provider === 'facebook' ? {} : { id_token: idToken(grant.provider, grant.clientId, grant.who) }),
      });
    }

    // Facebook's Graph API: the token's owner, then the profile.
    if (host === 'graph.facebook.com' && path === '/debug_token') {
      const grant = tokens.get(url.searchParams.get('input_token') ?? '');
      return json(200, { data: { is_valid: !!grant, app_id: grant?.clientId, user_id: grant?.who.sub } });
    }
    if (host === 'graph.facebook.com' && path === '/me') {
      const grant = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant) return json(401, { error: { message: 'Invalid OAuth access token' } });
      const { who } = grant;
      return json(200, {
        id: who.sub,
        name: `${who.firstname} ${who.lastname}`,
        first_name: who.firstname,
        last_name: who.lastname,
        email: who.email,
        picture: { data: { url: 'https://platform-lookaside.fbsbx.com/none.jpg' } },
      });
    }
    json(404, { error: 'not_found', path: url.pathname });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    identity(provider, who) {
      identities[provider] = who;
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
