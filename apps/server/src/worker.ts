import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { jobHandlers } from './jobs/handlers';
import { startWorkerPool } from './jobs/worker-pool';

/** `npm run worker`: a job-worker process sharing the queue in PostgreSQL with the API and other workers. */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL=postgres://...: the embedded PGlite database belongs to the `npm start` process, which runs its own workers.');
    process.exit(2);
  }
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  const app = await buildApp({ config, database });
  const pool = startWorkerPool({ queue: app.queue, handlers: jobHandlers(app), concurrency: config.WORKER_CONCURRENCY, logger });
  console.log(`Avatar Factory worker ${pool.workerId} started`);
  const shutdown = async () => {
    await pool.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
