import 'server-only';
import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { now } from '@/lib/server/clock';
import { beforeCloseDb, connection, getDb } from '@/lib/server/db/client';
import { logger } from '../log.mjs';
import { setJobStats } from '../metrics.mjs';
import { onDrain } from '../lifecycle.mjs';
import { processShared } from '../process-shared.mjs';
import { jobDefinitions, jobNames, sealedFields, type JobName } from './definitions';
import { openFields } from './seal';
import { jobHandlers } from './handlers';
import { jobSchema, jobsDue, jobStats, newJobBoss } from './queue';

// Runs the jobs in this process: the server (instrumentation.ts, unless JOBS=off) and `npm run worker`.
// Each instance polls every queue; a job is taken by one of them (SELECT ... FOR UPDATE SKIP LOCKED).

/**
 * Workers per queue in one process on PostgreSQL (e-mails may wait on SMTP), and seconds between
 * polls: each worker polls on its own. On PGlite, whose one connection serves the app too, one each.
 */
const concurrency: Record<JobName, number> = {
  mail: 4,
  sms: 2,
  'alert-match': 2,
  'alert-digests': 1,
  'remove-files': 1,
  'identity-files': 1,
  'unread-mail': 2,
  push: 2,
  prune: 1,
  'account-link': 1,
  'deal-mail-later': 1,
  'listing-lifecycle': 1,
  backup: 1,
  'traffic-rollup': 1,
};
const pollSeconds: Record<JobName, number> = {
  mail: 1,
  sms: 1,
  'alert-match': 1,
  'alert-digests': 5,
  'remove-files': 2,
  'identity-files': 5,
  'unread-mail': 2,
  push: 1,
  prune: 5,
  'account-link': 1,
  'deal-mail-later': 5,
  'listing-lifecycle': 5,
  backup: 30,
  'traffic-rollup': 30,
};

type Runner = { boss?: Promise<PgBoss>; working: boolean };
const runner = () => processShared<Runner>('jobs', () => ({ working: false }));

/** This process's started queue (maintenance and schedules included); it waits for nothing itself. */
function startedBoss(): Promise<PgBoss> {
  const state = runner();
  state.boss ??= (async () => {
    const boss = await newJobBoss({ migrate: false, supervise: true, schedule: true });
    await boss.start();
    // Its timers query the database: it stops before the connection closes (tests, scripts).
    beforeCloseDb(stopJobs);
    return boss;
  })().catch((error: unknown) => {
    state.boss = undefined;
    throw error;
  });
  return state.boss;
}

/** Runs one job; a failure is logged with what happens next, then thrown for pg-boss to record. */
async function runJob(name: JobName, job: PgBoss.JobWithMetadata<unknown>) {
  try {
    const data = await openFields(await getDb(), job.data, sealedFields(name));
    // eslint-disable-next-line no-restricted-syntax -- TypeScript cannot tie the parsed payload's type to the handler's through `name` (a union).
    await jobHandlers[name](jobDefinitions[name].payload.parse(data) as never);
  } catch (error) {
    const last = job.retryCount >= job.retryLimit;
    logger().error(
      { err: error, job: { queue: name, id: job.id, try: job.retryCount + 1, of: job.retryLimit + 1 } },
      last ? 'job failed for good: kept as failed in pgboss.job' : 'job failed: to be retried',
    );
    throw error;
  }
}

/** Starts working every queue (once per process); SIGTERM stops it (lib/server/lifecycle.mjs). */
export async function startJobs(): Promise<void> {
  const state = runner();
  if (state.working) return;
  state.working = true;
  onDrain('jobs', stopJobs);
  setJobStats(async () =>
    Object.entries(await jobStats(await getDb())).map(([queue, figures]) => ({ queue, ...figures })),
  );
  try {
    const boss = await startedBoss();
    const embedded = (await connection()).driver === 'pglite';
    for (const name of jobNames)
      for (let i = 0; i < (embedded ? 1 : concurrency[name]); i += 1)
        await boss.work(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: pollSeconds[name] },
          ([job]) => (job ? runJob(name, job) : Promise.resolve()),
        );
  } catch (error) {
    state.working = false;
    throw error;
  }
}

/** Takes no new job, lets running ones finish (20 s at most, then hands them back to the queue). */
export async function stopJobs(): Promise<void> {
  const state = runner();
  const boss = state.boss;
  state.boss = undefined;
  state.working = false;
  if (boss) await (await boss).stop({ graceful: true, wait: true, timeout: 20_000 });
}

/**
 * Runs every job that is due now (by the rules' clock), in this process, until none is left (tests:
 * the queue without waiting for a poll). Returns how many ran.
 */
export async function drainJobs(): Promise<number> {
  const boss = await startedBoss();
  let ran = 0;
  // A test that moved the clock forward (lib/server/clock.ts) makes the jobs due by then due now.
  const ahead = now().getTime() - Date.now();
  if (ahead > 1000)
    await (
      await getDb()
    ).execute(
      sql`UPDATE ${sql.raw(jobSchema)}.job SET start_after = now() WHERE state < 'active' AND start_after <= now() + make_interval(secs => ${ahead / 1000})`,
    );
  for (;;) {
    if (!(await jobsDue(await getDb()))) return ran;
    let found = 0;
    for (const name of jobNames) {
      const jobs = await boss.fetch(name, { batchSize: 20, includeMetadata: true });
      found += jobs.length;
      for (const job of jobs) {
        ran += 1;
        try {
          await runJob(name, job);
          await boss.complete(name, job.id);
        } catch (error) {
          await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    if (!found) return ran;
  }
}
