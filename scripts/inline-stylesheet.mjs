// Writes a public page's stylesheet into its HTML (scripts/page-cache.mjs applies it, with
// scripts/defer-bootstrap.mjs, to the pages Next serves from its cache).
//
// The stylesheet blocks the first paint: as a file, a first visit waits for the HTML, then for a
// second request (on a phone, one more round trip, often a new connection) before it paints. Written
// into the head, the page paints from its HTML alone. Next's own `experimental.inlineCss` writes the
// rules into the RSC payload as well, which tripled /fr's HTML (docs/performance.md).
//
// React renders the stylesheet's <link> too, and when it hydrates it adds any link it does not find
// in the document: the file was then fetched and applied a second time, a full style recalculation
// and layout of the page (its @font-face rules reshaped every text) in the middle of hydration. So
// the link stays in the head, `disabled`: the browser neither fetches nor applies it, and React,
// which looks stylesheets up by their href, takes it as loaded and adds nothing.
// Exactly the tag Next writes for a stylesheet of the page.
const STYLESHEET = /<link rel="stylesheet" href="(\/_next\/static\/[^"<>&]+\.css)" data-precedence="next"\/>/g;

/** More than this is better fetched once and cached than carried by every page. */
export const maxInlineBytes = 64 * 1024;

/**
 * `html` with the stylesheets of its head written in; a stylesheet `read` does not give (or that
 * would end the <style> element, or exceed `maxInlineBytes` with the others) stays a link.
 * @param {string} html
 * @param {(href: string) => string | undefined} read the text of a stylesheet of this build
 * @returns {string}
 */
export function inlineStylesheets(html, read) {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  let budget = maxInlineBytes;
  const head = html.slice(0, headEnd).replace(STYLESHEET, (tag, href) => {
    const css = read(href);
    const bytes = css === undefined ? Infinity : Buffer.byteLength(css);
    if (bytes > budget || /<\/style/i.test(css)) return tag;
    budget -= bytes;
    return `<style data-stylesheet="${href}">${css}</style>${tag.replace('/>', ' disabled=""/>')}`;
  });
  return head + html.slice(headEnd);
}
