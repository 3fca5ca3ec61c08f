// What scripts/bench/traffic.mjs measures against a production server, as functions of its base URL and
// sizes, so that the operations test runs them at a tiny size too (tests/ops/operations.test.mjs):
//   - tagged links: a page and the same page with campaign tags and a click id that changes with every
//     request (what Facebook does), at `connections`, the two alternated `rounds` times;
//   - page views: POST /api/user/v1/page-events at a fixed rate, each from an address of its own
//     (X-Forwarded-For: the server must trust 127.0.0.1 for them to count apart), every latency kept.
import http from 'node:http';
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
 * Page views at a steady `rate` a second for `duration` seconds, of `paths` in turn, each from an
 * address of its own, over at most `connections` kept-alive connections. Open loop: the n-th view is
 * sent at n / rate seconds whether or not earlier ones were answered, as views from many browsers
 * come (autocannon's `overallRate` instead lets each connection send its share of a second back to
 * back at the top of the second, a burst of the whole second's requests). Latency is measured from the
 * send (`p95`), and from the instant the view was due (`p95Due`: with the client's own timer lag on a
 * busy machine, and any wait for a connection). Answers the rate reached, the statuses, and how many
 * were accepted (204).
 * @param {string} base
 * @param {{ paths: string[], rate?: number, duration?: number, connections?: number }} options
 */
export async function beaconRun(base, { paths, rate = 1000, duration = 20, connections = 50 }) {
  const target = new URL('/api/user/v1/page-events', base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * duration);
  const every = 1000 / rate;
  const latencies = [];
  const dueLatencies = [];
  const statuses = {};
  let errors = 0;
  let sent = 0;
  let pending = 0;
  const started = performance.now();
  let finished = started;
  await new Promise((resolve) => {
    const settle = () => {
      pending -= 1;
      if (sent >= total && !pending) {
        finished = performance.now();
        resolve();
      }
    };
    const send = (due) => {
      sent += 1;
      pending += 1;
      const body = JSON.stringify({
        type: 'view',
        path: paths[sent % paths.length],
        ...(sent % 3 ? { referrer: 'www.facebook.com' } : {}),
        campaign: { source: `bench-${sent % 5}`, medium: 'social' },
      });
      const at = performance.now();
      const request = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'sec-fetch-site': 'same-origin',
            'user-agent': phone,
            'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const now = performance.now();
            latencies.push(now - at);
            dueLatencies.push(now - due);
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            settle();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        settle();
      });
      request.end(body);
    };
    const timer = setInterval(() => {
      const now = performance.now();
      while (sent < total && started + sent * every <= now) send(started + sent * every);
      if (sent >= total) clearInterval(timer);
    }, 1);
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  dueLatencies.sort((a, b) => a - b);
  return {
    rate,
    duration,
    connections,
    reached: round((latencies.length * 1000) / (finished - started)),
    answered: latencies.length,
    accepted: statuses[204] ?? 0,
    statuses,
    errors,
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    p99: round(percentile(latencies, 99), 2),
    max: round(latencies.at(-1) ?? 0, 2),
    p95Due: round(percentile(dueLatencies, 95), 2),
    load: os.loadavg().map((value) => round(value, 2)),
  };
}
