// Loaded into a test server with `node --import` (tests/e2e/social.spec.ts), or imported by an API test
// (tests/api/social-stand-in.ts): the server's calls to the sign-in providers' hosts go to the stand-in of
// tests/e2e/oauth-provider.mjs, at OAUTH_STAND_IN/<host>/<path>, as a hosts file would send them. The
// app's own code is unchanged. OAUTH_STAND_IN is read at each call, so a test may start the stand-in later.
const hosts = new Set(['oauth2.googleapis.com', 'www.googleapis.com', 'graph.facebook.com', 'appleid.apple.com']);
const fetch = globalThis.fetch;

globalThis.fetch = (input, init) => {
  const standIn = process.env.OAUTH_STAND_IN;
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!standIn || !hosts.has(url.hostname)) return fetch(input, init);
  const target = `${standIn}/${url.hostname}${url.pathname}${url.search}`;
  return input instanceof Request ? fetch(new Request(target, input), init) : fetch(target, init);
};
