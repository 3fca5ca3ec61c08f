// Loaded into a test server with `node --import`, or imported by an API test: the server's calls to
// Twilio's API (`https://api.twilio.com/...`, TWILIO_API_URL's default) go to the stand-in of
// tests/e2e/twilio-stand-in.mjs at TWILIO_STAND_IN, as a hosts file would send them. The app's own code
// is unchanged. TWILIO_STAND_IN is read at each call, so a test may start the stand-in later.
const fetch = globalThis.fetch;

globalThis.fetch = (input, init) => {
  const standIn = process.env.TWILIO_STAND_IN;
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!standIn || url.protocol !== 'https:' || url.hostname !== 'api.twilio.com') return fetch(input, init);
  const target = `${standIn}${url.pathname}${url.search}`;
  return input instanceof Request ? fetch(new Request(target, input), init) : fetch(target, init);
};
