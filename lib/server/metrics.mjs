// The process's Prometheus metrics (GET /metrics, scripts/server.mjs). One registry per process
// (lib/server/process-shared.mjs); the parts that know a figure hand it over through a hook read at
// scrape time, so that none of them imports prom-client. Plain JavaScript for the server script.
import client from 'prom-client';
import { processShared } from './process-shared.mjs';

/**
 * What the job queue reports (lib/server/jobs/ calls setJobStats once it runs): jobs waiting (and,
 * of those, due now and waiting for another try after a failure), jobs running, and failed jobs kept
 * for an operator, each by queue name.
 * @typedef {{ queue: string, queued: number, due: number, retrying: number, active: number, failed: number }} QueueStats
 * @typedef {() => Promise<QueueStats[]> | QueueStats[]} JobStatsSource
 */

/** @returns {{ source: JobStatsSource | undefined }} */
function jobStatsHook() {
  return processShared('job-stats', () => ({ source: undefined }));
}

/**
 * Tells /metrics how to read the job queue (called by the jobs module when it starts).
 * @param {JobStatsSource | undefined} source
 */
export function setJobStats(source) {
  jobStatsHook().source = source;
}

/**
 * The newest complete backup in storage (lib/server/db/backup.ts; instrumentation.ts sets the source).
 * @typedef {() => Promise<{ at: number, bytes: number } | null>} BackupStatsSource
 */

/** @returns {{ source: BackupStatsSource | undefined }} */
function backupStatsHook() {
  return processShared('backup-stats', () => ({ source: undefined }));
}

/**
 * Tells /metrics how to find the newest backup (read at most every 5 minutes: a listing of the bucket).
 * @param {BackupStatsSource | undefined} source
 */
export function setBackupStats(source) {
  backupStatsHook().source = source;
}

/**
 * @typedef {{
 *   registry: client.Registry,
 *   requestSeconds: client.Histogram<'method' | 'route' | 'status'>,
 *   pageCache: client.Counter<'result'>,
 *   pageEvents: client.Counter<'type' | 'outcome'>,
 *   webVitals: Record<'lcp' | 'inp' | 'cls' | 'ttfb', client.Histogram<'template' | 'device'>>,
 * }} Metrics
 */

// Core Web Vitals as visitors' browsers report them (lib/server/traffic/), by page template and device
// class: seconds (CLS a score), buckets around each one's "good" and "poor" thresholds.
const webVitalHistograms = /** @type {const} */ ({
  lcp: {
    name: 'colibri_web_vitals_lcp_seconds',
    help: 'Largest Contentful Paint of public pages as visitors saw them, by page template and device class',
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10],
  },
  inp: {
    name: 'colibri_web_vitals_inp_seconds',
    help: 'Interaction to Next Paint of public pages as visitors felt it, by page template and device class',
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2],
  },
  cls: {
    name: 'colibri_web_vitals_cls',
    help: 'Cumulative Layout Shift of public pages as visitors saw them, by page template and device class',
    buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  },
  ttfb: {
    name: 'colibri_web_vitals_ttfb_seconds',
    help: 'Time to First Byte of public pages as visitors waited for it, by page template and device class',
    buckets: [0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3],
  },
});

/**
 * The registry and the metrics the server feeds; `probes` are read at scrape time.
 * @param {{
 *   liveStreams?: () => number,
 *   database?: () => Promise<{ max: number, up: number, failures: number }>,
 *   ready?: () => Promise<boolean>,
 * }} [probes]
 * @returns {Metrics}
 */
export function metrics(probes = {}) {
  return processShared('metrics', () => {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    const requestSeconds = new client.Histogram({
      name: 'colibri_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route (the API path template, a page label) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const pageCache = new client.Counter({
      name: 'colibri_page_cache_requests_total',
      help: 'Public page requests answered from the page cache (hit) or passed to Next (miss)',
      labelNames: ['result'],
      registers: [registry],
    });
    const pageEvents = new client.Counter({
      name: 'colibri_page_events_total',
      help: 'Events public pages reported (view, vitals, share), by outcome: counted, robot, opted_out (DNT, Sec-GPC), not_counted (not a counted page), refused (bad or too many)',
      labelNames: ['type', 'outcome'],
      registers: [registry],
    });
    const webVitals = /** @type {Metrics['webVitals']} */ (
      Object.fromEntries(
        Object.entries(webVitalHistograms).map(([metric, { name, help, buckets }]) => [
          metric,
          new client.Histogram({ name, help, buckets, labelNames: ['template', 'device'], registers: [registry] }),
        ]),
      )
    );
    new client.Gauge({
      name: 'colibri_live_streams_open',
      help: 'Live event streams (Server-Sent Events) open on this instance',
      registers: [registry],
      collect() {
        this.set(probes.liveStreams?.() ?? 0);
      },
    });
    new client.Gauge({
      name: 'colibri_ready',
      help: 'Whether this instance would answer /readyz with 200 now (database answers, migrated, not draining)',
      registers: [registry],
      async collect() {
        this.set((await probes.ready?.().catch(() => false)) ? 1 : 0);
      },
    });
    const database = async () => (await probes.database?.()) ?? { max: 0, up: 0, failures: 0 };
    new client.Gauge({
      name: 'colibri_database_pool_max',
      help: 'Connections the database pool may open (DATABASE_POOL; 1 for the embedded database)',
      registers: [registry],
      async collect() {
        this.set((await database()).max);
      },
    });
    new client.Gauge({
      name: 'colibri_database_up',
      help: 'Whether the database answered (1) or not (0) at the last readiness check or failed call',
      registers: [registry],
      async collect() {
        this.set((await database()).up);
      },
    });
    new client.Counter({
      name: 'colibri_database_unreachable_total',
      help: 'Readiness checks and API calls that found the database unreachable',
      registers: [registry],
      async collect() {
        this.reset();
        this.inc((await database()).failures);
      },
    });
    // The three job gauges share one read of the queue per scrape (one query, not three).
    /** @type {{ at: number, read: Promise<QueueStats[] | undefined> } | undefined} */
    let lastRead;
    const readJobStats = (/** @type {JobStatsSource} */ source) => {
      if (!lastRead || Date.now() - lastRead.at > 1000)
        lastRead = {
          at: Date.now(),
          // The queue lives in the database: while it is down, no figure (colibri_database_up says why).
          read: Promise.resolve()
            .then(source)
            .catch(() => undefined),
        };
      return lastRead.read;
    };
    for (const [field, help] of /** @type {const} */ ([
      ['queued', 'Jobs waiting in the queue (those held for later included)'],
      ['due', 'Jobs due now and not yet taken: a backlog when it grows'],
      ['retrying', 'Jobs whose last try failed, waiting for the next'],
      ['active', 'Jobs running'],
      ['failed', 'Jobs that failed for good, kept for an operator'],
    ])) {
      new client.Gauge({
        name: `colibri_jobs_${field}`,
        help,
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          this.reset();
          const source = jobStatsHook().source;
          if (!source) return this.set({ queue: 'all' }, 0);
          for (const stats of (await readJobStats(source)) ?? []) this.set({ queue: stats.queue }, stats[field]);
        },
      });
    }
    /** @type {{ at: number, read: Promise<{ at: number, bytes: number } | null | undefined> } | undefined} */
    let lastBackupRead;
    const readBackupStats = () => {
      const source = backupStatsHook().source;
      if (!source) return Promise.resolve(undefined);
      if (!lastBackupRead || Date.now() - lastBackupRead.at > 300_000)
        lastBackupRead = {
          at: Date.now(),
          read: Promise.resolve()
            .then(source)
            .catch(() => undefined),
        };
      return lastBackupRead.read;
    };
    new client.Gauge({
      name: 'colibri_backup_newest_timestamp_seconds',
      help: 'When the newest complete database backup in storage was taken (Unix time; 0: none)',
      registers: [registry],
      async collect() {
        this.set((await readBackupStats())?.at ?? 0);
      },
    });
    new client.Gauge({
      name: 'colibri_backup_newest_size_bytes',
      help: 'Size of the newest complete database backup in storage',
      registers: [registry],
      async collect() {
        this.set((await readBackupStats())?.bytes ?? 0);
      },
    });
    return { registry, requestSeconds, pageCache, pageEvents, webVitals };
  });
}
