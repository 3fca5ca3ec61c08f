import { runInNewContext } from 'node:vm';
import {
  beaconClient,
  beaconFile,
  beaconScript,
  beaconStarter,
  campaignStorageKey,
  pageEventsPath,
} from '@/lib/beacon.mjs';

// The counting script of public pages (lib/beacon.mjs): the inline starter against a stand-in browser,
// and the client in jsdom with fetch and web-vitals stood in for.

describe('the starter', () => {
  function run({
    dnt = undefined as string | undefined,
    gpc = false,
    readyState = 'loading',
    prerendering = false,
  } = {}) {
    const added: string[] = [];
    const listeners: Record<string, () => void> = {};
    const idle: (() => void)[] = [];
    const document = {
      readyState,
      prerendering,
      head: { appendChild: (script: { src: string }) => added.push(script.src) },
      createElement: () => ({ src: '', async: false }),
      addEventListener: (type: string, callback: () => void) => (listeners[`document:${type}`] = callback),
    };
    const window = {
      addEventListener: (type: string, callback: () => void) => (listeners[type] = callback),
      requestIdleCallback: (callback: () => void) => idle.push(callback),
    };
    runInNewContext(beaconStarter, {
      window,
      document,
      navigator: { doNotTrack: dnt, globalPrivacyControl: gpc },
    });
    return { added, listeners, idle };
  }

  it('adds the script once the page has loaded and the browser is idle, not before', () => {
    const { added, listeners, idle } = run();
    expect(added).toEqual([]);
    listeners.load!();
    expect(added).toEqual([]);
    idle.forEach((callback) => callback());
    expect(added).toEqual([beaconFile]);
  });

  it('does nothing for a visitor who asked not to be followed (Do Not Track, Global Privacy Control)', () => {
    for (const options of [{ dnt: '1' }, { gpc: true }]) {
      const { added, listeners } = run(options);
      expect(listeners).toEqual({});
      expect(added).toEqual([]);
    }
  });

  it('waits for a prerendered page to be shown', () => {
    const { listeners, idle, added } = run({ prerendering: true, readyState: 'complete' });
    expect(idle).toEqual([]);
    listeners['document:prerenderingchange']!();
    idle.forEach((callback) => callback());
    expect(added).toEqual([beaconFile]);
  });
});

describe('the client', () => {
  type Sent = Record<string, unknown>;
  let sent: Sent[];
  let vitals: Record<string, (metric: { name: string; value: number }) => void>;

  function start() {
    delete (window as { __colibriBeacon?: boolean }).__colibriBeacon;
    beaconClient({ endpoint: pageEventsPath, storageKey: campaignStorageKey });
  }

  // Each client wraps pushState: every test starts from the browser's own.
  const pushState = window.history.pushState;
  beforeEach(() => {
    window.history.pushState = pushState;
    sent = [];
    vitals = {};
    sessionStorage.clear();
    localStorage.clear();
    window.history.replaceState(null, '', '/fr/colis/abc?utm_source=facebook&utm_medium=social&fbclid=x');
    window.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      expect(url).toBe(pageEventsPath);
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
      sent.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    Object.defineProperty(window, 'webVitals', {
      configurable: true,
      value: Object.fromEntries(
        ['onLCP', 'onINP', 'onCLS', 'onTTFB'].map((name) => [name, (callback: never) => (vitals[name] = callback)]),
      ),
    });
  });

  it('sends a view with the campaign of the address, and keeps it for the tab only (sessionStorage, no cookie, no localStorage)', () => {
    start();
    expect(sent).toEqual([{ type: 'view', path: '/fr/colis/abc', campaign: { source: 'facebook', medium: 'social' } }]);
    expect(JSON.parse(sessionStorage.getItem(campaignStorageKey)!)).toEqual({ source: 'facebook', medium: 'social' });
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('a navigation inside the tab is a view too, with the tab’s campaign; the same page again is not', () => {
    jest.useFakeTimers();
    try {
      start();
      window.history.pushState(null, '', '/fr/trajets');
      jest.advanceTimersByTime(300);
      window.history.pushState(null, '', '/fr/trajets?from=Tunis');
      jest.advanceTimersByTime(300);
      expect(sent.slice(1)).toEqual([
        { type: 'view', path: '/fr/trajets', campaign: { source: 'facebook', medium: 'social' } },
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not count the 404 page', () => {
    document.body.innerHTML = '<section data-not-found></section>';
    start();
    expect(sent).toEqual([]);
    document.body.innerHTML = '';
  });

  it('a click on a share link is sent with its network', () => {
    document.body.innerHTML = '<div data-share><a data-network="whatsapp" href="#"><span>WhatsApp</span></a></div>';
    start();
    document.querySelector('span')!.click();
    expect(sent.at(-1)).toEqual({ type: 'share', path: '/fr/colis/abc', network: 'whatsapp' });
    document.body.innerHTML = '';
  });

  it('sends the Web Vitals once, when the page is hidden', () => {
    start();
    vitals.onLCP!({ name: 'LCP', value: 1234.56 });
    vitals.onCLS!({ name: 'CLS', value: 0.012345 });
    vitals.onTTFB!({ name: 'TTFB', value: 210 });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(sent.filter((body) => body.type === 'vitals')).toEqual([
      { type: 'vitals', path: '/fr/colis/abc', lcp: 1235, cls: 0.0123, ttfb: 210 },
    ]);
  });
});

it('the file is web-vitals then the client, with the endpoint and storage key', () => {
  const text = beaconScript('var webVitals = {};');
  expect(text.startsWith('var webVitals = {};\n;(function beaconClient(config)')).toBe(true);
  expect(text).toContain(`{"endpoint":"${pageEventsPath}","storageKey":"${campaignStorageKey}"}`);
});
