/** @jest-environment node */
import { runInNewContext } from 'node:vm';
import { deferBootstrap } from '@/scripts/defer-bootstrap.mjs';
import { contentSecurityPolicy } from '@/lib/server/http/security-headers.mjs';

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

type Entry = { name: string };
type Observer = (list: { getEntriesByName: (name: string) => Entry[] }, observer: { disconnect: () => void }) => void;

/**
 * Runs the page's last inline script (the starter) against a stand-in browser: its paint
 * observer (or none), frames, timers, messages and `load` listeners are kept for the test to fire.
 */
function start(html: string, { hidden = false, paintTiming = true, messageChannel = true } = {}) {
  const starter = /<script>(\(function\(s\)[^<]*)<\/script><\/body>/.exec(html)?.[1];
  if (!starter) throw new Error('no starter');
  const inserted: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const loads: (() => void)[] = [];
  const observers: { callback: Observer; options: unknown; disconnected: boolean }[] = [];
  const messages: (() => void)[] = [];
  function MessageChannel(this: { port1: { onmessage?: () => void }; port2: { postMessage: () => void } }) {
    const port1: { onmessage?: () => void } = {};
    this.port1 = port1;
    this.port2 = { postMessage: () => messages.push(() => port1.onmessage!()) };
  }
  runInNewContext(starter, {
    ...(messageChannel && { MessageChannel }),
    document: {
      visibilityState: hidden ? 'hidden' : 'visible',
      createElement: () => ({ src: '', async: true }),
      head: { appendChild: (element: { src: string; async: boolean }) => inserted.push(element) },
    },
    PerformanceObserver: function (this: unknown, callback: Observer) {
      if (!paintTiming) throw new TypeError('PerformanceObserver is not a constructor');
      const entry = { callback, options: undefined as unknown, disconnected: false };
      observers.push(entry);
      return { observe: (options: unknown) => (entry.options = options) };
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
    addEventListener: (type: string, callback: () => void) => type === 'load' && loads.push(callback),
  });
  /** The browser reports paints. */
  const paint = (...names: string[]) => {
    const { callback } = observers[0]!;
    callback(
      { getEntriesByName: (name) => names.filter((n) => n === name).map((n) => ({ name: n })) },
      { disconnect: () => (observers[0]!.disconnected = true) },
    );
  };
  /** The browser runs the tasks the starter posted to itself, one by one. */
  const drain = () => {
    while (messages.length) messages.shift()!();
  };
  return { inserted, frames, timers, loads, observers, messages, paint, drain };
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

  it('inserts the same scripts, in order, after the first contentful paint and the next frame', () => {
    const { inserted, frames, timers, observers, messages, paint, drain } = start(deferBootstrap(page, publicPolicy));
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    paint('first-paint');
    expect(timers.filter((timer) => timer.ms === 0)).toEqual([]);
    expect(inserted).toEqual([]);
    paint('first-paint', 'first-contentful-paint');
    expect(observers[0]!.disconnected).toBe(true);
    expect(timers.filter((timer) => timer.ms === 0)).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(inserted).toEqual([]);
    timers.find((timer) => timer.ms === 0)!.callback();
    // One script per task: the first now, each of the others in a message of its own.
    expect(inserted).toHaveLength(1);
    expect(messages).toHaveLength(1);
    messages.shift()!();
    expect(inserted).toHaveLength(2);
    drain();
    expect(inserted).toEqual([
      { src: '/_next/static/chunks/webpack-1.js', async: false },
      { src: '/_next/static/chunks/main-2.js', async: false },
      { src: '/_next/static/chunks/page-4.js', async: false },
    ]);
  });

  it('without paint timing, after the next frame; without any paint reported, 3 s after load', () => {
    const old = start(deferBootstrap(page, publicPolicy), { paintTiming: false, messageChannel: false });
    old.frames[0]!();
    old.timers.find((timer) => timer.ms === 0)!.callback();
    expect(old.inserted).toHaveLength(3);

    const quiet = start(deferBootstrap(page, publicPolicy));
    quiet.loads[0]!();
    const fallback = quiet.timers.find((timer) => timer.ms === 3000)!;
    fallback.callback();
    quiet.drain();
    expect(quiet.inserted).toHaveLength(3);
    // Then a late paint inserts nothing twice.
    quiet.paint('first-contentful-paint');
    quiet.frames[0]!();
    quiet.timers.find((timer) => timer.ms === 0)!.callback();
    quiet.drain();
    expect(quiet.inserted).toHaveLength(3);
  });

  it('starts them at once in a background tab, which paints nothing', () => {
    const { inserted, frames, observers } = start(deferBootstrap(page, publicPolicy), { hidden: true });
    expect(frames).toEqual([]);
    expect(observers).toEqual([]);
    expect(inserted.map((script) => script.src)).toHaveLength(3);
  });

  it('rewrites under the public pages’ policy, not under the member pages’ one', () => {
    expect(deferBootstrap(page, contentSecurityPolicy({ https: true }))).not.toBe(page);
    expect(deferBootstrap(page, contentSecurityPolicy({ https: true, nonce: 'abc' }))).toBe(page);
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
