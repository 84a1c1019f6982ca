import type { FastifyBaseLogger } from 'fastify';
import type { JobMetrics, JobOutcome } from '../observability/metrics';
import type { JobPayloads } from './job-types';
import { heartbeatMs, JobCancelledError, WorkerShutdownError, type JobContext, type JobHandler, type JobHandlers, type JobName, type JobRow, type Queue } from './queue';

export interface WorkerPoolOptions<M extends object = JobPayloads> {
  queue: Queue<M>;
  handlers: JobHandlers<M>;
  concurrency?: number;
  pollMs?: number;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  metrics?: JobMetrics;
}

/**
 * Runs jobs from the queue: `concurrency` loops claim, run, heartbeat and settle jobs. Used
 * in-process by the embedded server and by `npm run worker` processes alike.
 */
export function startWorkerPool<M extends object = JobPayloads>(options: WorkerPoolOptions<M>) {
  const { queue, handlers, logger, metrics } = options;
  const workerId = queue.newWorkerId();
  const names = Object.keys(handlers) as JobName<M>[];
  const pollMs = options.pollMs ?? 250;
  let stopping = false;
  let wake: (() => void) | undefined;
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  const running = new Set<AbortController>();

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers[job.name as JobName<M>] as JobHandler<JobName<M>, M> | undefined;
    const controller = new AbortController();
    running.add(controller);
    const startedAt = performance.now();
    metrics?.started(job.name);
    const settle = (outcome: JobOutcome, final?: boolean) => metrics?.finished(job.name, outcome, (performance.now() - startedAt) / 1000, final);
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
    const payload = job.payload as M[JobName<M>];
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler.run(payload, ctx);
      const outcome = await queue.finish(job.id, workerId, controller.signal.reason instanceof JobCancelledError ? 'cancelled' : 'completed');
      settle(outcome);
    } catch (error) {
      if (controller.signal.reason instanceof WorkerShutdownError) {
        logger.info({ jobId: job.id, name: job.name }, 'job released at shutdown');
        await queue.release(job.id, workerId);
        settle('released');
      } else if (controller.signal.aborted) {
        logger.info({ jobId: job.id, name: job.name }, 'job cancelled');
        await queue.finish(job.id, workerId, 'cancelled');
        settle('cancelled');
      } else {
        logger.error({ err: error, jobId: job.id, name: job.name, attempt: job.attempts }, 'job failed');
        const final = await queue.fail(job, workerId, error);
        settle('failed', final);
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
      if (job && stopping) {
        // Claimed while stop() was called: hand it straight back instead of starting it.
        await queue.release(job.id, workerId).catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job release failed'));
        break;
      }
      if (job) await runOne(job);
      else await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, pollMs))]);
    }
  }

  const loops = Array.from({ length: options.concurrency ?? 1 }, () => loop());
  logger.info({ workerId, jobs: names, concurrency: options.concurrency ?? 1 }, 'job workers started');
  return {
    workerId,
    /**
     * Stops claiming at once. Running jobs get `graceMs` to finish; those still running then are
     * aborted and handed back to the queue (lease released, attempt not counted) for another
     * worker. Resolves when every loop has settled its job.
     */
    async stop(graceMs = 0): Promise<void> {
      stopping = true;
      wake?.();
      const settled = Promise.allSettled(loops);
      if (graceMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
      }
      if (running.size > 0) logger.info({ workerId, jobs: running.size, graceMs }, 'handing running jobs back to the queue');
      for (const controller of running) controller.abort(new WorkerShutdownError());
      await settled;
    },
  };
}

export type WorkerPool = ReturnType<typeof startWorkerPool>;
