// `npm run worker`: runs the background jobs (lib/server/jobs) in a process of its own, beside
// instances started with JOBS=off or as extra hands. It prepares nothing: it waits until
// `npm run db:migrate` has brought the database (tables and job queues) up to this code, then works
// every queue. SIGTERM (or SIGINT): takes no new job, lets running ones finish or hands them back,
// closes the database, exits 0. Needs DATABASE_URL (PGlite is one process's database: there
// `npm start` runs the jobs). (No top-level await: tsx runs this file as CommonJS.)
import { env } from '@/lib/env';
import { closeDb } from '@/lib/server/db/client';
import { readiness } from '@/lib/server/db/readiness';
import { relayListingWrites } from '@/lib/server/events/hub';
import { startJobs } from '@/lib/server/jobs/runner';
import { drain } from '@/lib/server/lifecycle.mjs';

const drainMs = 25_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let stopping = false;

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal}: finishing running jobs`);
  await drain(drainMs);
  await closeDb();
  process.exit(0);
}

async function main() {
  if (!env.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL (on the embedded database, npm start runs the jobs)');
    process.exitCode = 2;
    return;
  }
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  let said = false;
  for (;;) {
    if (stopping) return;
    try {
      if ((await readiness()).status === 'ready') {
        relayListingWrites(); // the lifecycle sweep's listing writes reach the instances' caches
        await startJobs(); // throws while pg-boss's schema is missing or older than this code
        break;
      }
    } catch (error) {
      if (!said) console.warn('[worker] the job queue is not ready', error instanceof Error ? error.message : error);
    }
    if (!said) console.log('[worker] waiting for npm run db:migrate');
    said = true;
    await sleep(2000);
  }
  console.log(`[worker] running jobs (pid ${process.pid})`);
}

main().catch((error) => {
  console.error('[worker] failed to start', error);
  process.exit(1);
});
