import 'server-only';
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { env } from '@/lib/env';
import { connection, rawExecutor, sqlExecutor, type Db, type Tx } from '@/lib/server/db/client';
import { z } from '@/lib/zod';
import { logger } from '../log.mjs';
import { processShared } from '../process-shared.mjs';
import { jobDefinitions, jobNames, sealedFields, type JobData, type JobName } from './definitions';
import { sealFields } from './seal';

// The job queue: pg-boss 10 in the database's `pgboss` schema. On a PostgreSQL server it has its own
// connections; on embedded PGlite it runs over the process's one client (docs/decisions/0032).
// Jobs are enqueued on the connection of the caller's transaction, so a rolled-back write leaves no job.

export const jobSchema = 'pgboss';

/** pg-boss's settings, the same in every process (whichever instance runs maintenance applies them). */
function bossSettings() {
  return {
    schema: jobSchema,
    // A job running longer than this counts as lost (its worker died) and is tried again.
    expireInSeconds: env.JOBS_EXPIRE_SECONDS,
    maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.ceil(env.JOBS_EXPIRE_SECONDS / 2))),
    // Done jobs (their links and codes) leave the job table after an hour; failed ones stay there a
    // month for the operator; both then wait a week in pgboss.archive.
    archiveCompletedAfterSeconds: 3600,
    archiveFailedAfterSeconds: 30 * 24 * 3600,
    deleteAfterDays: 7,
  };
}

/** A pg-boss instance on this process's database (not started). */
export async function newJobBoss(options: { migrate: boolean; supervise: boolean; schedule: boolean }) {
  const conn = await connection();
  const boss =
    conn.driver === 'postgres'
      ? new PgBoss({
          ...bossSettings(),
          ...options,
          connectionString: env.DATABASE_URL,
          max: 4,
          application_name: 'colibri-jobs',
        })
      : new PgBoss({ ...bossSettings(), ...options, db: await rawExecutor() });
  boss.on('error', (error) => logger().error({ err: error }, 'jobs: queue error'));
  return boss;
}

/**
 * Creates or updates pg-boss's schema, the queues of ./definitions.ts and the sweeps' schedules.
 * Part of the migrations (lib/server/db/migrate.ts): workers only check that it is current.
 */
export async function installJobs(): Promise<void> {
  const boss = await newJobBoss({ migrate: true, supervise: false, schedule: false });
  await boss.start();
  try {
    for (const name of jobNames) {
      const definition = jobDefinitions[name];
      const { retryLimit, retryDelay, retryBackoff } = definition;
      const policy = 'policy' in definition ? definition.policy : undefined;
      const expireInSeconds = 'expireInSeconds' in definition ? definition.expireInSeconds : undefined;
      const options = {
        name,
        retryLimit,
        retryDelay,
        retryBackoff,
        ...(policy ? { policy } : {}),
        ...(expireInSeconds ? { expireInSeconds } : {}),
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, options);
      else await boss.createQueue(name, options);
      if ('cron' in definition) await boss.schedule(name, definition.cron, {}, { tz: 'UTC' });
    }
  } finally {
    await boss.stop({ graceful: false, wait: true, close: true });
  }
}

// Sending only builds and runs an INSERT on the caller's connection: this instance is never started.
const sender = () =>
  processShared(
    'job-sender',
    () =>
      new PgBoss({
        ...bossSettings(),
        db: { executeSql: () => Promise.reject(new Error('the job sender runs on its caller’s connection')) },
      }),
  );

export type EnqueueOptions = Pick<
  PgBoss.SendOptions,
  'id' | 'retryLimit' | 'retryDelay' | 'startAfter' | 'expireInSeconds' | 'singletonKey'
>;

/**
 * Enqueues a job on `db`'s connection: inside a transaction, the job exists once it commits, and
 * never if it rolls back. With a deterministic `id` (jobId) a second enqueue of it is a no-op and
 * answers null; so is one whose `singletonKey` already waits on a `short` queue.
 */
export async function enqueue<N extends JobName>(
  db: Db | Tx,
  name: N,
  data: JobData<N>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const payload = await sealFields(db, jobDefinitions[name].payload.parse(data), sealedFields(name));
  const id = await sender().send(name, payload, { ...options, db: sqlExecutor(db) });
  // A deterministic id or a singletonKey already waiting: nothing new, by design.
  if (!id && !options.id && !options.singletonKey)
    throw new Error(`job ${name} not enqueued: is its queue installed (npm run db:migrate)?`);
  return id;
}

/** A job id made of its parts: the same parts, the same job (a rerun enqueues nothing new). */
export function jobId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Whether a job of that id exists, waiting, done or failed (in pgboss.job or its archive). */
export async function jobExists(db: Db | Tx, name: JobName, id: string): Promise<boolean> {
  return (await sender().getJobById(name, id, { db: sqlExecutor(db), includeArchive: true })) !== null;
}

/** Whether any job waits to run now (one cheap query before polling every queue). */
export async function jobsDue(db: Db): Promise<boolean> {
  const { rows } = await sqlExecutor(db).executeSql(
    `SELECT 1 FROM ${jobSchema}.job WHERE state < 'active' AND start_after <= now() LIMIT 1`,
    [],
  );
  return rows.length > 0;
}

export type QueueStats = { queued: number; due: number; retrying: number; active: number; failed: number };

const statRow = z.object({ name: z.string(), state: z.string(), n: z.coerce.number(), due: z.coerce.number() });

/**
 * Per queue (for /metrics): jobs waiting (new or to retry, those held for later included), of those
 * the ones due now, and the ones whose last try failed; jobs running; jobs failed for good.
 */
export async function jobStats(db: Db): Promise<Record<JobName, QueueStats>> {
  const { rows } = await sqlExecutor(db).executeSql(
    `SELECT name, state, count(*)::int AS n, count(*) FILTER (WHERE start_after <= now())::int AS due
     FROM ${jobSchema}.job GROUP BY name, state`,
    [],
  );
  const stats = Object.fromEntries(
    jobNames.map((name) => [name, { queued: 0, due: 0, retrying: 0, active: 0, failed: 0 }]),
  ) as Record<JobName, QueueStats>;
  for (const { name, state, n, due } of z.array(statRow).parse(rows)) {
    const queue = stats[name as JobName];
    if (!queue) continue;
    if (state === 'created' || state === 'retry') {
      queue.queued += n;
      queue.due += due;
      if (state === 'retry') queue.retrying += n;
    } else if (state === 'active') queue.active += n;
    else if (state === 'failed') queue.failed += n;
  }
  return stats;
}
