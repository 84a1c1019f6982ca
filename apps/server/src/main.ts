import { jobHandlers } from './jobs/handlers';
import { startServer } from './start-server';

/** `npm start` / `npm run serve`: the API and its in-process job workers. */
startServer(jobHandlers).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
