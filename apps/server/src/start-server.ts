import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { buildCore, type Core } from './core';
import { createQueue, type JobHandlers } from './jobs/queue';
import { startJobPruner } from './jobs/job-pruner';
import { startWorkerPool } from './jobs/worker-pool';
import { startMetricsServer } from './observability/metrics-server';
import { exitOnSignals, within } from './shutdown';
import { ensureVoiceSamples } from './web/voice-samples';

/**
 * The API process (`npm start`, `npm run serve`): the web app and, unless WORKERS=false, job
 * workers in the same process. `jobs` says which handlers its workers run; main.ts passes the
 * production ones, the test entry point adds the test jobs.
 */
export async function startServer<M extends object>(jobs: (core: Core) => JobHandlers<M>): Promise<void> {
  const config = loadConfigOrExit();
  await fs.mkdir(path.join(config.DATA_DIR, 'voices'), { recursive: true });
  const core = await buildCore({ config });
  const app = await buildApp(core);
  const log = app.server.log;
  const workers = config.WORKERS
    ? startWorkerPool({
        queue: createQueue<M>(core.database.db, { leaseMs: config.JOB_LEASE_MS }),
        handlers: jobs(core),
        concurrency: config.WORKER_CONCURRENCY,
        logger: log,
        metrics: core.metrics.jobs,
      })
    : undefined;
  const pruner = config.WORKERS ? startJobPruner({ queue: core.queue, retentionDays: config.JOB_RETENTION_DAYS, logger: log }) : undefined;
  const metrics = config.METRICS_PORT === undefined ? undefined : await startMetricsServer(core.metrics.registry, { port: config.METRICS_PORT, host: config.METRICS_HOST });
  // Installed before anything is slow (voice samples, listening): a SIGTERM during start-up must
  // already hand running jobs back rather than kill them.
  exitOnSignals(log, config.SHUTDOWN_GRACE_MS, async () => {
    // Stop claiming and let running jobs finish (or hand them back) while the HTTP server stops
    // taking connections and finishes its requests; a request still open after the grace period
    // (a long speech stream) is cut.
    const httpClosed = app.server.close();
    await Promise.all([
      workers?.stop(config.SHUTDOWN_GRACE_MS),
      within(httpClosed, config.SHUTDOWN_GRACE_MS).then((closed) => {
        if (!closed) app.server.server.closeAllConnections();
        return httpClosed;
      }),
    ]);
    await pruner?.stop();
    await metrics?.close();
    await core.close();
  });

  await ensureVoiceSamples(path.join(config.DATA_DIR, 'voices'), core.engines.speech, log);
  const address = await app.server.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`Avatar Factory listening at http://localhost:${port}${config.BASE_PATH}/ (API at /api, database: ${core.database.kind})`);
  if (metrics) console.log(`Metrics at ${metrics.url}`);
}
