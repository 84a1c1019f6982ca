import pino from 'pino';
import { loadConfigOrExit } from './config';
import { buildCore, type Core } from './core';
import { createQueue, type JobHandlers } from './jobs/queue';
import { startJobPruner } from './jobs/job-pruner';
import { startWorkerPool } from './jobs/worker-pool';
import { startMetricsServer } from './observability/metrics-server';
import { exitOnSignals } from './shutdown';

/**
 * A job-worker process (`npm run worker`) sharing the queue in PostgreSQL with the API and other
 * workers. It builds the core only: no HTTP server, routes or web app. `jobs` says which handlers
 * it runs: worker.ts passes the production ones, the test entry point adds the test jobs.
 */
export async function startWorker<M extends object>(jobs: (core: Core) => JobHandlers<M>): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL=postgres://...: the embedded PGlite database belongs to the `npm start` process, which runs its own workers.');
    process.exit(2);
  }
  const logger = pino({ level: config.LOG_LEVEL });
  const core = await buildCore({ config });
  const pool = startWorkerPool({
    queue: createQueue<M>(core.database.db, { leaseMs: config.JOB_LEASE_MS }),
    handlers: jobs(core),
    concurrency: config.WORKER_CONCURRENCY,
    logger,
    metrics: core.metrics.jobs,
  });
  const pruner = startJobPruner({ queue: core.queue, retentionDays: config.JOB_RETENTION_DAYS, logger });
  const metrics = config.METRICS_PORT === undefined ? undefined : await startMetricsServer(core.metrics.registry, { port: config.METRICS_PORT, host: config.METRICS_HOST });
  exitOnSignals(logger, config.SHUTDOWN_GRACE_MS, async () => {
    await pool.stop(config.SHUTDOWN_GRACE_MS);
    await pruner.stop();
    await metrics?.close();
    await core.close();
  });
  console.log(`Avatar Factory worker ${pool.workerId} started`);
  if (metrics) console.log(`Metrics at ${metrics.url}`);
}
