// Query keys that say where a visitor came from (a campaign's `utm_*`, the click ids Facebook, Google,
// Microsoft, Mailchimp, Instagram and TikTok add, a `ref`) and never change a page (CONTRACT.md "Web
// routes"): the production server leaves them out of the page cache's key and hands Next the page's
// address without them (scripts/page-cache.mjs), so a shared link is served like the plain page, byte
// for byte. The visitor's own address bar keeps them: the counting script reads the campaign there
// (lib/beacon.mjs). Plain JavaScript so that the server imports it as it is.

/** Keys left out: every `utm_*`, and the click ids. */
export const trackingParamPattern =
  /^(?:utm_[a-z0-9_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_eid|igshid|ttclid|ref)$/i;

/** The campaign tags the counting keeps (lib/schemas/traffic.ts). */
export const campaignParams = /** @type {const} */ (['utm_source', 'utm_medium', 'utm_campaign']);

/** Pages under a language prefix (lib/i18n/locales.ts's prefixes; a unit test keeps them equal). */
const pagePath = /^\/(?:fr|en|tn|ar)(?:\/|$)/;

const keyOf = (/** @type {string} */ part) => {
  const raw = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/**
 * `url` (a path and its query) without tracking keys, the other keys as they were, in their order;
 * `url` itself when it has none, or when it is not a page under a language prefix (`/` and the
 * un-prefixed paths are redirected by the proxy, which keeps the query for the browser's next address).
 * @param {string} url
 * @returns {string}
 */
export function withoutTrackingParams(url) {
  const at = url.indexOf('?');
  if (at < 0 || !pagePath.test(url.slice(0, at))) return url;
  const parts = url.slice(at + 1).split('&');
  const tracking = (/** @type {string} */ part) => part !== '' && trackingParamPattern.test(keyOf(part));
  if (!parts.some(tracking)) return url;
  const kept = parts.filter((part) => part !== '' && !tracking(part));
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}
