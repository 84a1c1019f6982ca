import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from './queue';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Deletes finished jobs (completed, failed, cancelled) once they are older than the retention
 * period (JOB_RETENTION_DAYS; 0 keeps them), at start and then every `everyMs`. Every process that
 * runs workers prunes; several doing it at once is harmless. The domain rows (avatars, voice
 * models) keep their own status and progress, so no answer of the API changes.
 */
export function startJobPruner(options: {
  queue: Pick<Queue, 'pruneFinished'>;
  retentionDays: number;
  everyMs?: number;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): { stop(): Promise<void> } {
  const { queue, retentionDays, logger } = options;
  if (retentionDays === 0) return { stop: async () => {} };
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = queue.pruneFinished(new Date(Date.now() - retentionDays * dayMs)).then(
      (count) => {
        if (count > 0) logger.info({ count, retentionDays }, 'pruned finished jobs');
      },
      (error: unknown) => logger.warn({ err: error }, 'pruning finished jobs failed'),
    );
  };
  prune();
  const timer = setInterval(prune, options.everyMs ?? 60 * 60 * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
