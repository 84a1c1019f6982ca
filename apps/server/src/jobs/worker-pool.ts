import type { FastifyBaseLogger } from 'fastify';
import type { JobName, JobPayloads } from './job-types';
import { heartbeatMs, JobCancelledError, WorkerShutdownError, type JobContext, type JobHandler, type JobHandlers, type JobRow, type Queue } from './queue';

export interface WorkerPoolOptions {
  queue: Queue;
  handlers: JobHandlers;
  concurrency?: number;
  pollMs?: number;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Runs jobs from the queue: `concurrency` loops claim, run, heartbeat and settle jobs. Used
 * in-process by the embedded server and by `npm run worker` processes alike.
 */
export function startWorkerPool(options: WorkerPoolOptions) {
  const { queue, handlers, logger } = options;
  const workerId = queue.newWorkerId();
  const names = Object.keys(handlers) as JobName[];
  const pollMs = options.pollMs ?? 250;
  let stopping = false;
  const running = new Set<AbortController>();

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers[job.name as JobName] as JobHandler<JobName> | undefined;
    const controller = new AbortController();
    running.add(controller);
    const beat = setInterval(() => {
      queue
        .heartbeat(job.id, workerId)
        .then((keep) => {
          if (!keep) controller.abort(new JobCancelledError());
        })
        .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job heartbeat failed'));
    }, heartbeatMs);
    const ctx: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      signal: controller.signal,
      progress: (percent, step) => queue.setProgress(job.id, percent, step),
    };
    const payload = job.payload as JobPayloads[JobName];
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler.run(payload, ctx);
      await queue.finish(job.id, workerId, controller.signal.reason instanceof JobCancelledError ? 'cancelled' : 'completed');
    } catch (error) {
      if (controller.signal.reason instanceof WorkerShutdownError) {
        logger.info({ jobId: job.id, name: job.name }, 'job released at shutdown');
        await queue.release(job.id, workerId);
      } else if (controller.signal.aborted) {
        logger.info({ jobId: job.id, name: job.name }, 'job cancelled');
        await queue.finish(job.id, workerId, 'cancelled');
      } else {
        logger.error({ err: error, jobId: job.id, name: job.name, attempt: job.attempts }, 'job failed');
        const final = await queue.fail(job, workerId, error);
        if (final) await handler?.onFailed?.(payload, error).catch((hookError: unknown) => logger.error({ err: hookError }, 'onFailed hook failed'));
      }
    } finally {
      clearInterval(beat);
      running.delete(controller);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let job: JobRow | undefined;
      try {
        job = await queue.claim(workerId, names);
      } catch (error) {
        if (stopping) break;
        logger.error({ err: error }, 'job claim failed');
      }
      if (job) await runOne(job);
      else await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  const loops = Array.from({ length: options.concurrency ?? 1 }, () => loop());
  logger.info({ workerId, jobs: names, concurrency: options.concurrency ?? 1 }, 'job workers started');
  return {
    workerId,
    /** Stops claiming; running jobs are aborted and handed back to the queue for another worker. */
    async stop(): Promise<void> {
      stopping = true;
      for (const controller of running) controller.abort(new WorkerShutdownError());
      await Promise.allSettled(loops);
    },
  };
}

export type WorkerPool = ReturnType<typeof startWorkerPool>;
