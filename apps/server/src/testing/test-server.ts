import { jobHandlers } from '../jobs/handlers';
import { startServer } from '../start-server';
import { testJobHandlers, type AllTestJobPayloads } from './test-jobs';

/** main.ts for tests: the same server whose workers also run the test jobs (testing/test-jobs.ts). */
startServer<AllTestJobPayloads>((app) => ({ ...jobHandlers(app), ...testJobHandlers(app) })).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
