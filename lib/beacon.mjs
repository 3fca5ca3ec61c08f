// How a public page reports that it was seen, without cookies (lib/server/traffic/, CONTRACT.md "HTTP
// API" POST /page-events): a starter of a few hundred bytes, inline in every page (app/[locale]/layout.tsx),
// which does nothing while the page loads; once it has loaded and the browser is idle, it adds
// `/beacon.js` (web-vitals, then `beaconClient` below; scripts/copy-beacon.mjs writes it before a build),
// unless the visitor asked not to be followed (Do Not Track, Global Privacy Control), and not before a
// prerendered page is shown. The script sends:
//   - a view once the page has loaded, and after each navigation inside the tab (pushState, back);
//   - the page's Core Web Vitals (LCP, INP, CLS, TTFB) when it is hidden, once;
//   - a click on a share link of a listing's page.
// The campaign tags of the address (utm_source, utm_medium, utm_campaign) are kept for the tab in its
// sessionStorage, so that its later views and a sign-up (components/auth/) carry them. No cookie, no
// localStorage; fetch without credentials. Plain JavaScript: the starter's text is hashed into the member
// pages' Content-Security-Policy (lib/server/http/security-headers.mjs), and the client is written out
// with its own source.

/** Where the script is, and where it sends (lib/server/http/endpoints/traffic.ts). */
export const beaconFile = '/beacon.js';
export const pageEventsPath = '/api/user/v1/page-events';
/** The tab's campaign, in sessionStorage: JSON `{ source, medium, campaign }`. */
export const campaignStorageKey = 'colibri:campaign';

/** The inline starter, written out as text so that every bundle carries the bytes the policy hashes. */
export const beaconStarter = /* @__PURE__ */ [
  '(function(w,d,n){',
  'if(n.doNotTrack==="1"||w.doNotTrack==="1"||n.globalPrivacyControl)return;',
  'function go(){var s=d.createElement("script");s.src=',
  JSON.stringify(beaconFile),
  ';s.async=true;d.head.appendChild(s)}',
  'function idle(){(w.requestIdleCallback||function(f){setTimeout(f,1)})(go,{timeout:5000})}',
  'function start(){if(d.readyState==="complete")idle();else w.addEventListener("load",idle,{once:true})}',
  'if(d.prerendering)d.addEventListener("prerenderingchange",start,{once:true});else start()',
  '})(window,document,navigator)',
].join('');

/**
 * The page's side, run by /beacon.js once web-vitals has defined `webVitals`. Its source is written
 * into the file as it is: plain old JavaScript, no import, nothing from outside but `config`.
 * @param {{ endpoint: string, storageKey: string }} config
 */
export function beaconClient(config) {
  var w = window;
  var d = document;
  var loc = location;
  if (w.__colibriBeacon) return;
  w.__colibriBeacon = true;

  function send(body) {
    try {
      fetch(config.endpoint, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        keepalive: true,
        credentials: 'omit',
      }).catch(function () {});
    } catch {
      // an old browser: nothing is counted
    }
  }

  // The tags of this address, kept for the tab; else the tab's own (a later page of the same visit).
  function campaign() {
    var params = new URLSearchParams(loc.search);
    var found = {};
    var any = false;
    ['source', 'medium', 'campaign'].forEach(function (key) {
      var value = params.get('utm_' + key);
      if (value) {
        found[key] = value.slice(0, 100);
        any = true;
      }
    });
    try {
      if (any) sessionStorage.setItem(config.storageKey, JSON.stringify(found));
      else found = JSON.parse(sessionStorage.getItem(config.storageKey) || 'null');
    } catch {
      if (!any) found = null;
    }
    return found && typeof found === 'object' ? found : null;
  }

  var last = '';
  function view(referrer) {
    var path = loc.pathname;
    // The same page again (a change of query only), or the 404 page (app/[locale]/not-found.tsx).
    if (path === last || d.querySelector('[data-not-found]')) return;
    last = path;
    var body = { type: 'view', path: path };
    if (referrer) body.referrer = referrer;
    var tags = campaign();
    if (tags) body.campaign = tags;
    send(body);
  }

  var referrer = '';
  try {
    var from = d.referrer ? new URL(d.referrer) : null;
    if (from && from.host !== loc.host) referrer = from.hostname;
  } catch {
    referrer = '';
  }
  view(referrer);

  // Navigations inside the tab: the next page is drawn a moment after the address changes.
  function later() {
    setTimeout(function () {
      view('');
    }, 300);
  }
  var push = history.pushState;
  history.pushState = function () {
    var out = push.apply(this, arguments);
    later();
    return out;
  };
  w.addEventListener('popstate', later);

  d.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      var link = target && target.closest ? target.closest('[data-share] [data-network]') : null;
      if (link) send({ type: 'share', path: loc.pathname, network: link.getAttribute('data-network') });
    },
    true,
  );

  // The Core Web Vitals of this document (its first page), sent once, when it is hidden.
  var vitals = { type: 'vitals', path: loc.pathname };
  var measured = false;
  var sent = false;
  function note(metric) {
    var digits = metric.name === 'CLS' ? 10000 : 1;
    vitals[metric.name.toLowerCase()] = Math.round(metric.value * digits) / digits;
    measured = true;
  }
  var webVitals = w.webVitals;
  if (webVitals) {
    webVitals.onLCP(note);
    webVitals.onINP(note);
    webVitals.onCLS(note);
    webVitals.onTTFB(note);
  }
  function hidden() {
    if (d.visibilityState !== 'hidden' || !measured || sent) return;
    sent = true;
    send(vitals);
  }
  d.addEventListener('visibilitychange', hidden);
  w.addEventListener('pagehide', hidden);
}

/**
 * The text of /beacon.js: web-vitals' IIFE build (which defines `webVitals`), then the client.
 * @param {string} webVitalsIife
 */
export function beaconScript(webVitalsIife) {
  const config = { endpoint: pageEventsPath, storageKey: campaignStorageKey };
  return `${webVitalsIife.trim()}\n;(${beaconClient.toString()})(${JSON.stringify(config)});\n`;
}
