// When a page draws its text with its typeface (Inter on Latin pages, Cairo on Arabic ones; their
// @font-face rules are in app/globals.css, the files in public/fonts, lib/fonts.ts ties them to
// their packages).
//
// A typeface is 49 kB (Inter) or 32 kB (Cairo): on a first visit from a slow phone, fetching it
// before the first paint delays that paint by about its download, and `font-display: optional`
// then leaves the page in the fallback anyway when it comes late. So a browser that has not
// fetched the page's typeface yet paints in the fallback (Arial sized like the face), and fetches
// the typeface after the page has loaded, for the next pages; once a browser has it, every page
// draws with it from the first paint. The page's first script (app/[locale]/layout.tsx) decides it
// before anything is painted: a mark in localStorage per file says the browser has fetched it, and
// becomes `data-font-latin` / `data-font-arabic` on <html>, which the stylesheet turns into the
// font stack. Where storage is refused, every page draws with its typeface, fetched when needed.
//
// Plain JavaScript, as the script's text is also hashed into the member pages' Content-Security-
// Policy (lib/server/http/security-headers.mjs).

/** The typefaces' files, by script (`scriptOf` in lib/i18n/locales.ts), under names that carry their version. */
export const fontUrls = {
  latin: '/fonts/inter-latin-wght-5.3.0.woff2',
  arabic: '/fonts/cairo-arabic-wght-5.3.0.woff2',
};

/**
 * How long after `load` the typeface is fetched: the page's own scripts start after its first paint
 * (scripts/defer-bootstrap.mjs) and come first; `load` may even come before that paint, as the
 * page's images can be in before it is drawn.
 */
export const fetchDelayMs = 2000;

/** The localStorage key that says a browser has fetched `url`. */
export const fontMark = (url) => `font:${url}`;

/**
 * The inline script, first in the body. A right-to-left page is written in Arabic script (`isRtl`
 * in lib/i18n/locales.ts), a left-to-right one in Latin script. Written out as text, not as a
 * function's source, so that every bundle carries the same bytes as the policy's hash.
 */
export const fontLoader = [
  '(function(h,f,m){var k,s,own=h.dir==="rtl"?"arabic":"latin";',
  'function use(k){h.setAttribute("data-font-"+k,"")}',
  'try{s=localStorage;for(k in f)if(s.getItem(m+f[k]))use(k)}catch(e){s=null}',
  'if(h.hasAttribute("data-font-"+own))return;',
  'if(!s||!window.FontFace){for(k in f)use(k);return}',
  'addEventListener("load",function(){setTimeout(function(){',
  'new FontFace(own,"url("+f[own]+")").load().then(function(){try{s.setItem(m+f[own],"1")}catch(e){}},function(){})',
  `},${fetchDelayMs})})`,
  `})(document.documentElement,${JSON.stringify(fontUrls)},${JSON.stringify(fontMark(''))})`,
].join('');
