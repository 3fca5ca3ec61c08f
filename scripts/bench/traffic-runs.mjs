// What scripts/bench/traffic.mjs measures against a production server, as functions of its base URL and
// sizes, so that the operations test runs them at a tiny size too (tests/ops/operations.test.mjs):
//   - tagged links: a page and the same page with campaign tags and a click id that changes with every
//     request (what Facebook does), at `connections`, the two alternated `rounds` times;
//   - page views: POST /api/user/v1/page-events at a fixed rate, each from an address of its own
//     (X-Forwarded-For: the server must trust 127.0.0.1 for them to count apart), every latency kept.
import os from 'node:os';

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let clicks = 0;
/** A click id of its own for every request, as a network adds to each click. */
const clickId = () => `IwAR${(++clicks).toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/**
 * Each page plain and tagged, alternated `rounds` times at `connections` for `duration` seconds:
 * the median requests per second of each, and the tagged page's share of the plain one's.
 * @param {string} base
 * @param {{ pages: { label: string, path: string }[], connections?: number, duration?: number, rounds?: number, headers?: Record<string, string> }} options
 */
export async function taggedRuns(base, { pages, connections = 10, duration = 10, rounds = 3, headers = {} }) {
  const { default: autocannon } = await import('autocannon');
  const results = [];
  for (const page of pages) {
    const tagged = `${page.path}?utm_source=facebook&utm_medium=social&utm_campaign=bench&fbclid=`;
    const runs = { plain: [], tagged: [] };
    for (let round = 0; round < rounds; round++) {
      for (const kind of ['plain', 'tagged']) {
        const result = await autocannon({
          url: base,
          connections,
          duration,
          headers: { 'accept-encoding': 'gzip', ...headers },
          requests: [
            kind === 'plain'
              ? { path: page.path }
              : { setupRequest: (request) => ({ ...request, path: `${tagged}${clickId()}` }) },
          ],
        });
        runs[kind].push({ reqPerSec: result.requests.average, non2xx: result.non2xx, errors: result.errors });
      }
    }
    const plain = median(runs.plain.map((r) => r.reqPerSec));
    const taggedRate = median(runs.tagged.map((r) => r.reqPerSec));
    results.push({
      ...page,
      plain: Math.round(plain),
      tagged: Math.round(taggedRate),
      share: plain ? round(taggedRate / plain, 2) : 0,
      runs,
      failures: [...runs.plain, ...runs.tagged].reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    });
  }
  return results;
}

/**
 * Page views at `rate` a second for `duration` seconds over `connections`, of `paths` in turn, each
 * from an address of its own. Answers the rate reached, the latencies, the statuses, and how many
 * were accepted (204).
 * @param {string} base
 * @param {{ paths: string[], rate?: number, duration?: number, connections?: number }} options
 */
export async function beaconRun(base, { paths, rate = 1000, duration = 20, connections = 50 }) {
  const { default: autocannon } = await import('autocannon');
  const latencies = [];
  const statuses = {};
  let sent = 0;
  const instance = autocannon({
    url: base,
    connections,
    duration,
    overallRate: rate,
    requests: [
      {
        method: 'POST',
        path: '/api/user/v1/page-events',
        setupRequest: (request) => {
          sent += 1;
          const body = {
            type: 'view',
            path: paths[sent % paths.length],
            ...(sent % 3 ? { referrer: 'www.facebook.com' } : {}),
            campaign: { source: `bench-${sent % 5}`, medium: 'social' },
          };
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'sec-fetch-site': 'same-origin',
              'user-agent': phone,
              'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
            },
            body: JSON.stringify(body),
          };
        },
      },
    ],
  });
  instance.on('response', (client, statusCode, bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rate,
    duration,
    connections,
    reached: round(result.requests.average),
    answered: latencies.length,
    accepted: statuses[204] ?? 0,
    statuses,
    errors: result.errors + result.timeouts,
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    p99: round(percentile(latencies, 99), 2),
    max: round(latencies.at(-1) ?? 0, 2),
    load: os.loadavg().map((value) => round(value, 2)),
  };
}
