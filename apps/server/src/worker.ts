import { jobHandlers } from './jobs/handlers';
import { startWorker } from './start-worker';

/** `npm run worker`: a job-worker process sharing the queue in PostgreSQL with the API and other workers. */
startWorker(jobHandlers).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
