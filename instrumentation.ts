// Runs once when the server starts: migrate the database, then seed the demo when it is empty, then
// listen for what other instances tell, and run the jobs unless JOBS=off.
// The build never opens the database (PGlite is one process's database, DESIGN.md).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // The JSON log at LOG_LEVEL (scripts/server.mjs made it already when it runs the app).
  const [{ logger }, { env }] = await Promise.all([import('./lib/server/log.mjs'), import('./lib/env')]);
  logger(env.LOG_LEVEL);
  const { prepareDatabase } = await import('./lib/server/db/prepare');
  await prepareDatabase();
  // /metrics tells how old the newest backup in storage is (an alert fires past 26 hours, ops/alerts.yml).
  const [{ setBackupStats }, { newestBackup }] = await Promise.all([
    import('./lib/server/metrics.mjs'),
    import('./lib/server/db/backup'),
  ]);
  setBackupStats(newestBackup);
  // Page events come by the hundred a second: the production server answers them before Next, through
  // the route's own handler (scripts/server.mjs; app/api/user/v1/page-events/route.ts).
  const [{ POST: pageEvents }, { setProcessShared }] = await Promise.all([
    import('./app/api/user/v1/page-events/route'),
    import('./lib/server/process-shared.mjs'),
  ]);
  setProcessShared('page-event-door', pageEvents);
  // LISTEN from the start: other instances' listing writes purge this one's page cache (lib/server/events/hub.ts).
  const { liveHub } = await import('./lib/server/events/hub');
  await liveHub().start();
  // E-mails, SMS, alert matching and digests, newsletter, pruning (lib/server/jobs); SIGTERM stops them.
  if (env.JOBS === 'on') {
    const { startJobs } = await import('./lib/server/jobs/runner');
    await startJobs();
  }
}
