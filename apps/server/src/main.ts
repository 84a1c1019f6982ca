import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { jobHandlers } from './jobs/handlers';
import { startWorkerPool } from './jobs/worker-pool';
import { ensureVoiceSamples } from './web/voice-samples';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  await fs.mkdir(path.join(config.DATA_DIR, 'voices'), { recursive: true });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database });
  const workers = config.WORKERS
    ? startWorkerPool({ queue: app.queue, handlers: jobHandlers(app), concurrency: config.WORKER_CONCURRENCY, logger: app.server.log })
    : undefined;

  await ensureVoiceSamples(path.join(config.DATA_DIR, 'voices'), app.engines.speech, app.server.log);
  const address = await app.server.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`Avatar Factory listening at http://localhost:${port}${config.BASE_PATH}/ (API at /api, database: ${database.kind})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.server.log.info({ signal }, 'shutting down');
    await workers?.stop();
    await app.server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
