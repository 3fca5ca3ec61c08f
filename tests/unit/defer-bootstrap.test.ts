/** @jest-environment node */
import { runInNewContext } from 'node:vm';
import { deferBootstrap } from '@/scripts/defer-bootstrap.mjs';

// What Next writes for a public page: bootstrap chunks as async scripts in the head, a noModule
// polyfill, inline payload scripts, one more chunk in the body.
const page =
  '<!DOCTYPE html><html lang="ar" dir="rtl"><head>' +
  '<link rel="stylesheet" href="/_next/static/chunks/a.css"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/page-4.js"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/other-5.js"/>' +
  '<script src="/_next/static/chunks/webpack-1.js" async=""></script>' +
  '<script src="/_next/static/chunks/main-2.js" async=""></script>' +
  '<script src="/_next/static/chunks/polyfills-3.js" noModule=""></script>' +
  '</head><body><h1>طرود</h1>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  '<script src="/_next/static/chunks/page-4.js" async=""></script>' +
  '</body></html>';
const publicPolicy = "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'";

/** Runs the page's last inline script (the starter) against a stand-in document. */
function start(html: string, visibilityState: 'visible' | 'hidden') {
  const starter = /<script>(\(function\(s\)[^<]*)<\/script><\/body>/.exec(html)?.[1];
  if (!starter) throw new Error('no starter');
  const inserted: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  runInNewContext(starter, {
    document: {
      visibilityState,
      createElement: () => ({ src: '', async: true }),
      head: { appendChild: (element: { src: string; async: boolean }) => inserted.push(element) },
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return { inserted, frames, timers };
}

describe('deferBootstrap', () => {
  it('takes the bootstrap scripts and their preloads out, and leaves the rest as it was', () => {
    const html = deferBootstrap(page, publicPolicy);
    expect(html).not.toMatch(/<script src="[^"]*" async="">/);
    expect(html).toContain(
      '<link rel="stylesheet" href="/_next/static/chunks/a.css"/>' +
        '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/other-5.js"/>' +
        '<script src="/_next/static/chunks/polyfills-3.js" noModule=""></script></head>',
    );
    expect(html).toContain(
      '<h1>طرود</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>(function',
    );
    expect(html.startsWith('<!DOCTYPE html><html lang="ar" dir="rtl"><head>')).toBe(true);
    expect(html.endsWith('</script></body></html>')).toBe(true);
  });

  it('inserts the same scripts, in order, after the first frame', () => {
    const { inserted, frames, timers } = start(deferBootstrap(page, publicPolicy), 'visible');
    expect(inserted).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(inserted).toEqual([]);
    timers[0]!();
    expect(inserted).toEqual([
      { src: '/_next/static/chunks/webpack-1.js', async: false },
      { src: '/_next/static/chunks/main-2.js', async: false },
      { src: '/_next/static/chunks/page-4.js', async: false },
    ]);
  });

  it('starts them at once in a background tab, which draws no frame', () => {
    const { inserted, frames } = start(deferBootstrap(page, publicPolicy), 'hidden');
    expect(frames).toEqual([]);
    expect(inserted.map((script) => script.src)).toHaveLength(3);
  });

  it('leaves alone a page whose policy forbids the inline starter', () => {
    for (const policy of [
      "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'",
      "default-src 'self'; script-src 'self' 'unsafe-inline' 'strict-dynamic'",
      "script-src 'self'",
      "default-src 'self'",
    ])
      expect(deferBootstrap(page, policy)).toBe(page);
  });

  it('leaves alone what is not one whole page with bootstrap scripts', () => {
    expect(deferBootstrap(page.replace('</body></html>', ''), publicPolicy)).toBe(page.replace('</body></html>', ''));
    const noScripts = '<!DOCTYPE html><html><body><h1>Colibri</h1></body></html>';
    expect(deferBootstrap(noScripts, publicPolicy)).toBe(noScripts);
    const escaped = page.replaceAll('.js" async', '.js?dpl=a&amp;b=c" async');
    expect(deferBootstrap(escaped, publicPolicy)).toBe(escaped);
  });
});
