/** @jest-environment node */
import { runInNewContext } from 'node:vm';
import { fetchDelayMs, fontLoader, fontMark, fontUrls } from '@/lib/font-loader.mjs';

type Storage = Map<string, string> | 'refused';

/**
 * Runs the font loader against a stand-in browser: <html> with its direction, localStorage (or a
 * refusal), FontFace (or none), `load` listeners and timers the test fires.
 */
function run({ dir = 'ltr', storage = new Map() as Storage, fontFace = true, fontLoads = true } = {}) {
  const attributes = new Set<string>();
  const loads: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const fetched: { family: string; source: string }[] = [];
  let loaded: Promise<unknown> = Promise.resolve();
  const context: Record<string, unknown> = {
    document: {
      documentElement: {
        dir,
        setAttribute: (name: string) => attributes.add(name),
        hasAttribute: (name: string) => attributes.has(name),
      },
    },
    addEventListener: (type: string, callback: () => void) => type === 'load' && loads.push(callback),
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
  };
  Object.defineProperty(context, 'localStorage', {
    get() {
      if (storage === 'refused') throw new Error('SecurityError');
      return {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
      };
    },
  });
  if (fontFace)
    context.FontFace = function (family: string, source: string) {
      fetched.push({ family, source });
      return { load: () => (loaded = fontLoads ? Promise.resolve() : Promise.reject(new Error('network'))) };
    };
  context.window = context;
  runInNewContext(fontLoader, context);
  return {
    attributes,
    fetched,
    timers,
    /** The page loads, its timers run, and the font's fetch settles. */
    async load() {
      loads.forEach((callback) => callback());
      timers.forEach(({ callback }) => callback());
      await loaded.catch(() => undefined);
      await Promise.resolve();
    },
  };
}

describe('font loader', () => {
  test('a first visit paints in the fallback and fetches its typeface after load, for the next pages', async () => {
    const storage = new Map<string, string>();
    const page = run({ storage });
    expect([...page.attributes]).toEqual([]);
    expect(page.fetched).toEqual([]);
    await page.load();
    expect(page.timers.map(({ ms }) => ms)).toEqual([fetchDelayMs]);
    expect(page.fetched).toEqual([{ family: 'latin', source: `url(${fontUrls.latin})` }]);
    expect([...page.attributes]).toEqual([]);
    expect([...storage.keys()]).toEqual([fontMark(fontUrls.latin)]);
    expect(run({ storage }).attributes).toEqual(new Set(['data-font-latin']));
  });

  test('an Arabic page fetches Cairo, and keeps Inter for the Latin pages the browser has', async () => {
    const storage = new Map([[fontMark(fontUrls.latin), '1']]);
    const page = run({ dir: 'rtl', storage });
    expect(page.attributes).toEqual(new Set(['data-font-latin']));
    await page.load();
    expect(page.fetched).toEqual([{ family: 'arabic', source: `url(${fontUrls.arabic})` }]);
    expect(run({ dir: 'rtl', storage }).attributes).toEqual(new Set(['data-font-latin', 'data-font-arabic']));
  });

  test('a browser that has its typeface draws with it at once, and fetches nothing', async () => {
    const page = run({ storage: new Map([[fontMark(fontUrls.latin), '1']]) });
    expect(page.attributes).toEqual(new Set(['data-font-latin']));
    await page.load();
    expect(page.fetched).toEqual([]);
  });

  test('a failed fetch marks nothing', async () => {
    const storage = new Map<string, string>();
    const page = run({ storage, fontLoads: false });
    await page.load();
    expect(page.fetched).toHaveLength(1);
    expect(storage.size).toBe(0);
  });

  test.each([
    ['storage is refused', { storage: 'refused' as Storage }],
    ['FontFace is missing', { fontFace: false }],
  ])('where %s, every page draws with its typeface, fetched when needed', async (_, options) => {
    const page = run(options);
    expect(page.attributes).toEqual(new Set(['data-font-latin', 'data-font-arabic']));
    await page.load();
    expect(page.fetched).toEqual([]);
  });
});
