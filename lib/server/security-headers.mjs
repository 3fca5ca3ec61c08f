// The headers of a trusted site, on every answer of the production server (scripts/server.mjs sets
// them before Next or the page cache answers, so cached copies carry them too). Plain JavaScript so
// that the server script imports it as it is; proxy.ts uses contentSecurityPolicy() with a nonce.
//
// Content-Security-Policy: a nonce is read from the request while rendering, which makes a page
// dynamic in Next 16, and a cached public page has no request to read it from. So the member and
// guest screens (dynamic anyway) get a nonce and 'strict-dynamic' (proxy.ts), while cached public
// pages get a policy without one: scripts from this origin and Next's inline bootstrap, and every
// other door closed (objects, <base>, framing, foreign forms, images, fonts and connections).

/**
 * @param {{ nonce?: string, https: boolean }} options
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce, https }) {
  const directives = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'` : "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Pages whose script may ask where the visitor is (the map of offers nearby). */
const geolocationPages = /^\/(?:fr|en|tn|ar)\/autour-de-moi(?:[/?]|$)/;

/**
 * @param {{ https: boolean, path: string }} options
 * @returns {Record<string, string>}
 */
export function securityHeaders({ https, path }) {
  return {
    'content-security-policy': contentSecurityPolicy({ https }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': `camera=(), microphone=(), payment=(), usb=(), geolocation=(${geolocationPages.test(path) ? 'self' : ''})`,
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
