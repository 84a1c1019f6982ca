interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * SIGTERM and SIGINT run `close` once, then exit 0 (1 if closing failed). Should closing hang past
 * `graceMs` plus 10 s (a stuck connection or engine), the process exits 1 anyway rather than
 * waiting for the orchestrator's SIGKILL.
 */
export function exitOnSignals(logger: Logger, graceMs: number, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, graceMs }, 'shutting down: no new jobs, running ones may finish');
    setTimeout(() => {
      logger.error({ signal }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, graceMs + 10_000).unref();
    close().then(
      () => {
        logger.info({ signal }, 'shut down');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Resolves when `work` settles or after `ms`, whichever comes first; answers whether it settled. */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([work.then(() => true, () => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  return settled;
}
