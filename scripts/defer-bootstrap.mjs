// Starts a public page's scripts after its first contentful paint (scripts/page-cache.mjs applies
// it to the pages Next serves from its cache).
//
// Next writes its bootstrap as `<script src async>` tags in the head. On a fast connection they
// arrive and hydrate the page before the browser paints it, so the first paint waits for all of
// them; Lighthouse's simulated phone then counts their download and run time in the LCP (on /fr,
// 84 % of it was "render delay", docs/performance.md). The HTML is complete without them: this rewrite
// takes them out and inserts the same scripts, in the same order, once the first contentful paint
// is done. Not even their download starts before (Next's own preload of a body chunk goes too): a
// preload of each, tried first, put their bytes back in the simulated LCP (2.2 to 3.1 s, as
// without the rewrite). A page in a background tab paints nothing: its scripts start at once.
//
// It only applies where inline scripts are allowed (the public pages' CSP; member pages use a
// nonce and are never served from Next's cache) and leaves the page alone when anything differs
// from what Next writes.

import { allowsInlineScripts } from '../lib/server/http/security-headers.mjs';

// Exactly the tag Next writes for a bootstrap chunk; `noModule` polyfills and inline scripts stay.
const BOOTSTRAP_SCRIPT = /<script src="(\/_next\/static\/[^"<>&]+\.js)" async=""><\/script>/g;
const NEXT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"<>&]+\.js)"\/>/g;

/**
 * The inline script that inserts `sources` once the first contentful paint is done, and one more
 * frame: a frame alone came before it (`requestAnimationFrame` ran while the text was still hidden,
 * waiting for its typeface, and the scripts then counted in the LCP again), and the first paint
 * alone can be a part of the page (the browser paints what it has parsed of a long document, the
 * header, and the rest in a later frame: on a slow phone the scripts then started before the
 * largest text was drawn). This script is the last of the body, so the frame after it draws all
 * of it. Where the paint timing is not observable, after the next frame; if no paint is ever
 * reported, a while after `load`. Each script is inserted in a task of its own (a message to
 * itself): asking for one costs a few milliseconds, and ten in one task made a long one.
 */
function starter(sources) {
  return (
    '<script>(function(s){var done=0,i=0;function add(){var e=document.createElement("script");' +
    'e.src=s[i++];e.async=false;document.head.appendChild(e)}' +
    'function go(){if(done)return;done=1;' +
    'if(document.visibilityState==="hidden"||typeof MessageChannel!=="function"){while(s.length>i)add();return}' +
    'var c=new MessageChannel();c.port1.onmessage=step;step();' +
    'function step(){add();if(s.length>i)c.port2.postMessage(0)}}' +
    'function afterFrame(){requestAnimationFrame(function(){setTimeout(go,0)})}' +
    'if(document.visibilityState==="hidden")return go();' +
    'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){' +
    'o.disconnect();afterFrame()}}).observe({type:"paint",buffered:true})}' +
    'catch(e){afterFrame()}' +
    'addEventListener("load",function(){setTimeout(go,3000)})})(' +
    JSON.stringify(sources) +
    ')</script>'
  );
}

/**
 * `html` with Next's bootstrap scripts started after the first paint; `html` itself when its
 * Content-Security-Policy forbids the inline starter, or when it has no bootstrap script or does not
 * end as one whole document.
 * @param {string} html
 * @param {string | undefined} policy the page's Content-Security-Policy header
 * @returns {string}
 */
export function deferBootstrap(html, policy) {
  if (!allowsInlineScripts(policy)) return html;
  const end = html.lastIndexOf('</body>');
  if (end === -1 || html.indexOf('</body>') !== end) return html;
  const sources = [];
  const rewritten = html.slice(0, end).replace(BOOTSTRAP_SCRIPT, (_, source) => {
    sources.push(source);
    return '';
  });
  if (sources.length === 0) return html;
  // Next's own preload of a chunk it loads from the body.
  const unloaded = rewritten.replace(NEXT_PRELOAD, (tag, source) => (sources.includes(source) ? '' : tag));
  return unloaded + starter(sources) + html.slice(end);
}
