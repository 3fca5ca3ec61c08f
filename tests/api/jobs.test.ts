// The job queue (lib/server/jobs) against a real database: an e-mail enqueued in a transaction that
// rolls back is never sent; a failing transport is retried, then the job is kept as failed and
// logged; a newsletter rerun sends once per recipient. On PostgreSQL, with real worker processes
// (`npm run worker`): three workers send N e-mails exactly once each, and a worker killed with
// SIGKILL in the middle of a slow send leaves the job to another, done once; SIGTERM lets a running send finish.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/jobs.test.ts
//   (and with DATABASE_URL for the PostgreSQL part)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { drainJobs, member, uniqueEmail } from './helpers';
import { isMail, outboxIn } from '../outbox';
import { smtpServer } from '../smtp-server';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb, getDb, rowsOf } from '@/lib/server/db/client';
import {
  captchaSolutions,
  liveEvents,
  newsletterSubscriptions,
  rateLimits,
  sessions,
  verifications,
} from '@/lib/server/db/schema';
import { enqueue, jobStats } from '@/lib/server/jobs/queue';
import { outboxDir } from '@/lib/server/notify/outbox';
import { logger } from '@/lib/server/log.mjs';
import { sendNewsletter } from '@/lib/server/public/newsletter';
import { z } from '@/lib/zod';
import { worker } from './worker-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsTo = (to: string, dataDir = process.env.DATA_DIR!) => outboxIn(dataDir, to).filter(isMail);

/** The mail jobs to an address, with their state and tries (pgboss.job). */
async function mailJobs(to: string) {
  const db = await getDb();
  return rowsOf(
    await db.execute(
      sql`select state, retry_count as "retryCount" from pgboss.job where name = 'mail' and data->>'to' = ${to}`,
    ),
    z.object({ state: z.string(), retryCount: z.coerce.number() }),
  );
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

before(async () => {
  await migrateDb();
});

after(async () => {
  await closeDb();
});

describe('jobs enqueued in a transaction', () => {
  test('an e-mail enqueued in a transaction that rolls back is never sent', async () => {
    const to = uniqueEmail('rolled-back');
    const db = await getDb();
    await assert.rejects(
      db.transaction(async (tx) => {
        await enqueue(tx, 'mail', { to, subject: 'Jamais', text: 'never' });
        throw new Error('the write fails');
      }),
      /the write fails/,
    );
    const kept = uniqueEmail('committed');
    await db.transaction((tx) => enqueue(tx, 'mail', { to: kept, subject: 'Oui', text: 'once' }));
    await drainJobs();
    assert.equal(mailsTo(to).length, 0);
    assert.deepEqual(await mailJobs(to), []);
    assert.equal(mailsTo(kept).length, 1, 'the committed one is sent');
  });

  test('a failing transport is retried with backoff, then the job is kept as failed and logged', async (t) => {
    const to = uniqueEmail('unlucky');
    const db = await getDb();
    const errors = t.mock.method(logger(), 'error', () => {});
    // The outbox cannot be written while a file stands where its folder should be.
    const dir = outboxDir();
    const aside = `${dir}-aside`;
    renameSync(dir, aside);
    writeFileSync(dir, 'not a folder');
    try {
      await enqueue(db, 'mail', { to, subject: 'Essais', text: 'tries' }, { retryLimit: 2, retryDelay: 1 });
      const failed = await until('the job to fail for good', async () => {
        await drainJobs();
        const [job] = await mailJobs(to);
        return job?.state === 'failed' ? job : undefined;
      });
      assert.equal(failed.retryCount, 2, 'tried three times');
    } finally {
      rmSync(dir);
      renameSync(aside, dir);
    }
    const logged = errors.mock.calls.map((call) => call.arguments as unknown[]);
    const tries = logged.filter(([fields]) => JSON.stringify(fields).includes('"queue":"mail"'));
    assert.equal(tries.length, 3, 'each failure is logged');
    assert.deepEqual(
      tries.map(([, message]) => message),
      ['job failed: to be retried', 'job failed: to be retried', 'job failed for good: kept as failed in pgboss.job'],
    );
    await drainJobs();
    assert.equal(mailsTo(to).length, 0, 'a failed job is not run again by itself');
    assert.ok((await jobStats(db)).mail.failed >= 1);
  });

  test('a newsletter issue sent twice reaches each subscriber once', async () => {
    const db = await getDb();
    const readers = [uniqueEmail('issue-a'), uniqueEmail('issue-b')];
    await db
      .insert(newsletterSubscriptions)
      .values(readers.map((email) => ({ email, locale: 'fr', confirmedAt: new Date() })));
    const issue = Object.fromEntries(
      ['fr', 'en', 'tn', 'ar'].map((p) => [p, { subject: `Numéro ${readers[0]}`, text: 'Nouvelles' }]),
    ) as Parameters<typeof sendNewsletter>[0];
    assert.ok((await sendNewsletter(issue)) >= 2);
    assert.equal(await sendNewsletter(issue), 0, 'the rerun enqueues nothing');
    await drainJobs();
    assert.equal(await sendNewsletter(issue), 0, 'nor once the first run is sent');
    await drainJobs();
    for (const email of readers) assert.equal(mailsTo(email).length, 1);
  });
});

describe('the prune job', () => {
  test('removes rows past their use and keeps the others', async () => {
    const db = await getDb();
    const m = await member('pruned');
    const hour = 3600_000;
    const now = Date.now();
    const old = `prune-old-${m.userId}`;
    const fresh = `prune-fresh-${m.userId}`;
    await db.insert(rateLimits).values([
      { id: old, key: old, count: 1, lastRequest: now - 3 * 24 * hour },
      { id: fresh, key: fresh, count: 1, lastRequest: now },
    ]);
    await db.insert(liveEvents).values([
      { userId: m.userId, seq: 900001, type: 'unread', payload: {}, createdAt: new Date(now - 80 * hour) },
      { userId: m.userId, seq: 900002, type: 'unread', payload: {}, createdAt: new Date(now) },
    ]);
    await db.insert(sessions).values([
      { id: old, token: old, userId: m.userId, expiresAt: new Date(now - hour) },
      { id: fresh, token: fresh, userId: m.userId, expiresAt: new Date(now + hour) },
    ]);
    await db.insert(verifications).values([
      { id: old, identifier: old, value: 'x', expiresAt: new Date(now - hour) },
      { id: fresh, identifier: fresh, value: 'x', expiresAt: new Date(now + hour) },
    ]);
    await db.insert(captchaSolutions).values([
      { nonce: old, expiresAt: new Date(now - hour) },
      { nonce: fresh, expiresAt: new Date(now + hour) },
    ]);
    await enqueue(db, 'prune', {});
    await drainJobs();
    const ids = [old, fresh];
    const left = {
      rateLimits: (await db.select().from(rateLimits).where(inArray(rateLimits.id, ids))).map((r) => r.id),
      liveEvents: (await db.select().from(liveEvents).where(eq(liveEvents.userId, m.userId))).map((r) => r.seq),
      sessions: (await db.select().from(sessions).where(inArray(sessions.id, ids))).map((r) => r.id),
      verifications: (await db.select().from(verifications).where(inArray(verifications.id, ids))).map((r) => r.id),
      captchas: (await db.select().from(captchaSolutions).where(inArray(captchaSolutions.nonce, ids))).map(
        (r) => r.nonce,
      ),
    };
    assert.deepEqual(left, {
      rateLimits: [fresh],
      liveEvents: [900002],
      sessions: [fresh],
      verifications: [fresh],
      captchas: [fresh],
    });
  });
});

// ---------------------------------------------------------------- worker processes, on PostgreSQL

const running = (w: { output: string[] }) => (w.output.join('').includes('[worker] running jobs') ? true : undefined);

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

if (process.env.DATABASE_URL)
  describe('worker processes on PostgreSQL', () => {
    const spawned: ChildProcess[] = [];
    after(() => {
      for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    test('three workers on one database send N e-mails exactly once each, and stop with exit 0 on SIGTERM', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'colibri-workers-'));
      const workers = [0, 1, 2].map(() => worker({ DATA_DIR: dataDir }));
      spawned.push(...workers);
      for (const w of workers) await until('a worker to start', () => running(w));
      const db = await getDb();
      const n = 60;
      const batch = uniqueEmail('batch');
      const addresses = Array.from({ length: n }, (_, i) => `${i}-${batch}`);
      await db.transaction(async (tx) => {
        for (const to of addresses) await enqueue(tx, 'mail', { to, subject: 'Lot', text: to });
      });
      await until('every e-mail', () => (addresses.every((to) => mailsTo(to, dataDir).length) ? true : undefined));
      await sleep(3000); // a second copy would arrive now
      for (const to of addresses) assert.equal(mailsTo(to, dataDir).length, 1, to);
      const senders = workers.filter((w) => /\[outbox\] email to \d+-batch/.test(w.output.join('')));
      assert.ok(senders.length >= 2, `the work was shared (${senders.length} workers sent)`);
      for (const w of workers) w.kill('SIGTERM');
      assert.deepEqual(await Promise.all(workers.map(exitOf)), [0, 0, 0]);
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('a worker killed (SIGKILL) in the middle of a slow send leaves the job to another, done once', async () => {
      const smtp = await smtpServer();
      try {
        const env = {
          SMTP_URL: smtp.url,
          JOBS_EXPIRE_SECONDS: '5',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'w-')),
        };
        smtp.state.slow = true;
        const first = worker(env);
        spawned.push(first);
        await until('the first worker to start', () => running(first));
        const to = uniqueEmail('killed');
        const db = await getDb();
        await enqueue(db, 'mail', { to, subject: 'Une fois', text: 'once' }, { retryDelay: 1, expireInSeconds: 5 });
        await until('the first worker to be sending', () => (smtp.state.received ? true : undefined));
        first.kill('SIGKILL');
        await exitOf(first);
        const [stuck] = await mailJobs(to);
        assert.equal(stuck?.state, 'active', 'the job was running when its worker died');
        smtp.state.slow = false;
        const second = worker(env);
        spawned.push(second);
        await until('the job to be done by the second worker', async () => {
          const [job] = await mailJobs(to);
          return job?.state === 'completed' ? job : undefined;
        });
        await sleep(2000);
        assert.deepEqual(
          smtp.accepted.filter((line) => line.includes(to)),
          [to],
        );
        second.kill('SIGTERM');
        assert.equal(await exitOf(second), 0);
      } finally {
        smtp.close();
      }
    });

    test('SIGTERM while a job runs: the send finishes, then the worker exits 0', async () => {
      const smtp = await smtpServer();
      try {
        smtp.state.delayMs = 3000;
        const w = worker({ SMTP_URL: smtp.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'w-')) });
        spawned.push(w);
        await until('the worker to start', () => running(w));
        const to = uniqueEmail('draining');
        await enqueue(await getDb(), 'mail', { to, subject: 'Pendant', text: 'in flight' });
        await until('the send to begin', () => (smtp.state.received ? true : undefined));
        const signalled = Date.now();
        w.kill('SIGTERM');
        assert.equal(await exitOf(w), 0);
        assert.ok(Date.now() - signalled >= 1500, 'it waited for the send');
        assert.deepEqual(
          smtp.accepted.filter((line) => line.includes(to)),
          [to],
        );
        assert.equal((await mailJobs(to))[0]?.state, 'completed');
      } finally {
        smtp.close();
      }
    });
  });
