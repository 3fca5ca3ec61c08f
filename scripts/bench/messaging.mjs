#!/usr/bin/env node
// The live messaging under load, on one production server (scripts/server.mjs, the current build):
// MEMBERS members (signed up and confirmed through the API), each with TABS open event streams
// (GET /api/user/v1/events); a conversation per member; then for DURATION seconds a message every
// INTERVAL ms from one side of a random conversation to the other. For each message, the delivery
// latency is the time from the send call to the first of the recipient's streams receiving it; a
// message not received by every stream of both participants (the sender's other tabs hear it too)
// counts as lost. Server memory: resident set before the streams open and once they are all open.
//   node scripts/bench/messaging.mjs OUT.json                 (PGlite in a fresh DATA_DIR)
//   DATABASE_URL=postgres://... node scripts/bench/messaging.mjs OUT.json
// Knobs: BENCH_PORT (default 3310), MEMBERS (200), TABS (5), DURATION (30), INTERVAL (100).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { apiClient, benchPhone, signUpMember } from './members.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const out = process.argv[2];
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const MEMBERS = Number(process.env.MEMBERS ?? 200);
const TABS = Number(process.env.TABS ?? 5);
const DURATION = Number(process.env.DURATION ?? 30);
const INTERVAL = Number(process.env.INTERVAL ?? 100);
const base = `http://127.0.0.1:${PORT}`;
const api = `${base}/api/user/v1`;
const dataDir = process.env.DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'colibri-bench-live-'));
const log = (m) => console.log(`[bench:messaging] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = spawn(process.execPath, [path.join(root, 'scripts', 'server.mjs')], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED: 'none',
    // The bench is many clients on one address: it names them in X-Forwarded-For.
    TRUSTED_PROXIES: '127.0.0.1, ::1',
  },
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {}
};
process.on('exit', stop);

function rss() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
}

const call = apiClient(api);

async function makeMember(i) {
  const { userId, cookie } = await signUpMember(call, dataDir, {
    email: `bench-${i}-${process.pid}@bench.colibri.tn`,
    firstname: `Membre${i}`,
    phone: benchPhone(i),
  });
  return { i, userId, cookie };
}

/** An event stream: calls onMessage for each `message` event; resolves once connected. */
function openStream(member, onMessage) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${api}/events`, { headers: { cookie: member.cookie }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.includes('event: message')) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) onMessage(JSON.parse(data).message);
        }
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${api}/places?q=tunis`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('the server did not start');
    await sleep(500);
  }
  log(`server up (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}); ${MEMBERS} members, ${TABS} streams each`);
  const members = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await makeMember(i));
  // A listing per member, and a conversation from each member about the next one's listing.
  const day = 86400_000;
  const listings = [];
  for (const m of members)
    listings.push(
      (
        await call('POST', '/packages', {
          cookie: m.cookie,
          body: {
            name: 'Bench',
            from: { city: 'Tunis' },
            to: { city: 'Paris' },
            startedAt: new Date(Date.now() + 5 * day).toISOString(),
            endedAt: new Date(Date.now() + 9 * day).toISOString(),
            weightKg: 3,
            pricePerKg: 10,
            currency: 'EUR',
          },
        })
      ).data.id,
    );
  const conversations = [];
  for (const m of members) {
    const owner = members[(m.i + 1) % MEMBERS];
    const { data } = await call('POST', '/conversations', {
      cookie: m.cookie,
      body: { listingKind: 'package', listingId: listings[owner.i], body: 'Bonjour' },
    });
    conversations.push({ id: data.id, sides: [m, owner] });
  }
  log('members, listings and conversations made');

  const before = rss();
  const pending = new Map(); // message body -> { sent, recipient, expected, received, first }
  const streams = [];
  for (const m of members)
    for (let t = 0; t < TABS; t++)
      streams.push(
        await openStream(m, (message) => {
          const entry = pending.get(message.body);
          if (!entry) return;
          entry.received += 1;
          if (m.userId === entry.recipient && entry.first === undefined) entry.first = performance.now() - entry.sent;
        }),
      );
  await sleep(2000);
  const after = rss();
  log(
    `${streams.length} streams open; server memory ${(before / 2 ** 20).toFixed(0)} -> ${(after / 2 ** 20).toFixed(0)} MiB`,
  );

  let sent = 0;
  let failedSends = 0;
  const sends = [];
  const started = performance.now();
  while (performance.now() - started < DURATION * 1000) {
    const conversation = conversations[Math.floor(Math.random() * conversations.length)];
    const [from, to] = Math.random() < 0.5 ? conversation.sides : [...conversation.sides].reverse();
    const body = `bench ${++sent} ${Math.random().toString(36).slice(2)}`;
    pending.set(body, { sent: performance.now(), recipient: to.userId, expected: 2 * TABS, received: 0 });
    sends.push(
      call('POST', `/conversations/${conversation.id}/messages`, { cookie: from.cookie, body: { body } }).catch(
        (error) => {
          failedSends += 1;
          pending.delete(body);
          console.error(error.message);
        },
      ),
    );
    await sleep(INTERVAL);
  }
  await Promise.all(sends);
  await sleep(3000); // the last ones arrive
  const entries = [...pending.values()];
  const latencies = entries
    .map((e) => e.first)
    .filter((v) => v !== undefined)
    .sort((a, b) => a - b);
  const lost = entries.filter((e) => e.received < e.expected).length;
  const result = {
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    members: MEMBERS,
    streams: streams.length,
    durationSeconds: DURATION,
    intervalMs: INTERVAL,
    sent,
    failedSends,
    delivered: latencies.length,
    lost,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rssBefore: before,
    rssAfter: after,
    bytesPerStream: Math.round((after - before) / streams.length),
  };
  for (const s of streams) s.destroy();
  log(JSON.stringify(result));
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
} finally {
  stop();
}
process.exit(0);
