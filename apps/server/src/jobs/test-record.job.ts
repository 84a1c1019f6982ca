import fs from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../app';
import type { JobHandler } from './queue';

/**
 * A job used by the queue's durability tests and benchmark: it works in steps (checking for
 * cancellation between them) and appends one line per finished run to a file in storage, so a
 * test can count how often each job really ran.
 */
export function testRecordHandler(app: Pick<App, 'storage'>): JobHandler<'test.record'> {
  return {
    async run(payload, ctx) {
      if (ctx.attempt <= (payload.failAttempts ?? 0)) throw new Error(`planned failure on attempt ${ctx.attempt}`);
      for (let step = 0; step < payload.steps; step++) {
        ctx.signal.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, payload.stepMs));
        await ctx.progress(((step + 1) / payload.steps) * 100, `step ${step + 1}`);
      }
      ctx.signal.throwIfAborted();
      const file = app.storage.pathOf('test-record/runs.log');
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.appendFile(file, `${payload.key} ${process.pid}\n`);
    },
  };
}
