// The headers of a trusted site, on every answer of the production server (scripts/server.mjs sets
// them before Next or the page cache answers, so cached copies carry them too). Plain JavaScript so
// that the server script imports it as it is; proxy.ts uses contentSecurityPolicy() with a nonce.
//
// Content-Security-Policy: a nonce is read from the request while rendering, which makes a page
// dynamic in Next 16, and a cached public page has no request to read it from. So the member and
// guest screens (dynamic anyway) get a nonce and 'strict-dynamic' (proxy.ts), while cached public
// pages get a policy without one: scripts from this origin and Next's inline bootstrap, and every
// other door closed (objects, <base>, framing, foreign forms, images, fonts and connections).

import { createHash } from 'node:crypto';
import { mapLibreWorkerPath } from '../../map-style.mjs';
import { fontLoader } from '../../font-loader.mjs';
import { beaconStarter } from '../../beacon.mjs';

// A cached public page's scripts: this origin's and inline ones (Next's bootstrap, and the starter
// of scripts/defer-bootstrap.mjs).
const inlineScripts = "script-src 'self' 'unsafe-inline'";

// A member page's scripts: Next's, by their nonce, what they load, and the layout's font loader
// (lib/font-loader.mjs) and counting starter (lib/beacon.mjs), the same text on every page, by their
// hashes ('strict-dynamic' lets the starter add the counting script).
const hashOf = (/** @type {string} */ text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const layoutScriptHashes = `${hashOf(fontLoader)} ${hashOf(beaconStarter)}`;

/**
 * Whether a page under `policy` (a policy this module wrote, or none) may run inline scripts.
 * @param {string | undefined} policy
 */
export function allowsInlineScripts(policy) {
  return policy === undefined || policy.split(/;\s*/).includes(inlineScripts);
}

/**
 * Where public photos come from besides this site: the origin of S3_PUBLIC_URL, when set.
 * @param {string | undefined} publicUrl
 * @returns {string[]}
 */
export function imageOriginsOf(publicUrl) {
  return publicUrl?.trim() ? [new URL(publicUrl.trim()).origin] : [];
}

/**
 * @param {{ nonce?: string, https: boolean, connect?: string[], images?: string[] }} options `connect`:
 *   origins besides this site that the page's scripts may fetch from (the map's style and tiles on
 *   autour-de-moi); `images`: origins of its images (imageOriginsOf)
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce, https, connect = [], images = [] }) {
  const directives = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}' ${layoutScriptHashes} 'strict-dynamic'` : inlineScripts,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...images].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...connect].join(' '),
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

/** Pages whose script may ask where the visitor is, and draw a map (the map of offers nearby). */
const geolocationPages = /^\/(?:fr|en|tn|ar)\/autour-de-moi(?:[/?]|$)/;

/**
 * @param {{ https: boolean, path: string, mapOrigins?: string[], imageOrigins?: string[] }} options
 *   `mapOrigins`: where the map's style and tiles come from (lib/map-style.mjs), allowed on the map
 *   page only; `imageOrigins`: where public photos come from (imageOriginsOf)
 * @returns {Record<string, string>}
 */
export function securityHeaders({ https, path, mapOrigins = [], imageOrigins = [] }) {
  const mapPage = geolocationPages.test(path);
  // MapLibre's worker fetches the tiles, under the policy its own file is served with.
  const mapWorker = path.split('?')[0] === mapLibreWorkerPath;
  return {
    'content-security-policy': contentSecurityPolicy({
      https,
      connect: mapPage || mapWorker ? mapOrigins : [],
      images: imageOrigins,
    }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': `camera=(), microphone=(), payment=(), usb=(), geolocation=(${mapPage ? 'self' : ''})`,
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
