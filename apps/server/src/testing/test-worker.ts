import { jobHandlers } from '../jobs/handlers';
import { startWorker } from '../start-worker';
import { testJobHandlers, type AllTestJobPayloads } from './test-jobs';

/** worker.ts for tests: the same worker process that also runs the test jobs (testing/test-jobs.ts). */
startWorker<AllTestJobPayloads>((app) => ({ ...jobHandlers(app), ...testJobHandlers(app) })).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
