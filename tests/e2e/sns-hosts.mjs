// Loaded into a test server with `node --import`, or imported by an API test: the server's calls to
// `https://sns.<region>.amazonaws.com/...` (the signing certificate, ConfirmSubscription) go to the
// stand-in of tests/e2e/sns-stand-in.mjs, at SNS_STAND_IN/<host>/<path>, as a hosts file would send
// them. The app's own code is unchanged. SNS_STAND_IN is read at each call.
const fetch = globalThis.fetch;

globalThis.fetch = (input, init) => {
  const standIn = process.env.SNS_STAND_IN;
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!standIn || url.protocol !== 'https:' || !/^sns\.[a-z0-9-]+\.amazonaws\.com$/.test(url.hostname))
    return fetch(input, init);
  const target = `${standIn}/${url.hostname}${url.pathname}${url.search}`;
  return input instanceof Request ? fetch(new Request(target, input), init) : fetch(target, init);
};
