import fs from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '../core';
import type { JobPayloads } from '../jobs/job-types';
import { createQueue, type JobHandler, type JobHandlers, type Queue } from '../jobs/queue';

/**
 * Jobs that exist only for tests and benchmarks of the queue itself. They are registered by the
 * test entry points (testing/test-server.ts, testing/test-worker.ts, API tests), never by a
 * production worker: `npm start` and `npm run worker` cannot run them.
 */
export interface TestJobPayloads {
  'test.record': { key: string; steps: number; stepMs: number; failAttempts?: number };
}

export type AllTestJobPayloads = JobPayloads & TestJobPayloads;

/** Where test.record appends one line per run that finished, and one per run that started. */
export const testRecordRunsKey = 'test-record/runs.log';
export const testRecordStartsKey = 'test-record/starts.log';

/**
 * Works in steps (checking for cancellation between them) and appends `key pid` to a file in
 * storage when it starts and when it finishes, so a test can count how often each job really ran.
 */
export function testRecordHandler(app: Pick<Core, 'storage'>): JobHandler<'test.record', TestJobPayloads> {
  const append = async (key: string, line: string) => {
    const file = app.storage.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.appendFile(file, `${line}\n`);
  };
  return {
    async run(payload, ctx) {
      await append(testRecordStartsKey, `${payload.key} ${process.pid}`);
      if (ctx.attempt <= (payload.failAttempts ?? 0)) throw new Error(`planned failure on attempt ${ctx.attempt}`);
      for (let step = 0; step < payload.steps; step++) {
        ctx.signal.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, payload.stepMs));
        await ctx.progress(((step + 1) / payload.steps) * 100, `step ${step + 1}`);
      }
      ctx.signal.throwIfAborted();
      await append(testRecordRunsKey, `${payload.key} ${process.pid}`);
    },
  };
}

export function testJobHandlers(app: Pick<Core, 'storage'>): JobHandlers<TestJobPayloads> {
  return { 'test.record': testRecordHandler(app) };
}

/** A view of the app's queue that may also enqueue and claim the test jobs. */
export function testQueue(app: Pick<Core, 'database' | 'config'>): Queue<AllTestJobPayloads> {
  return createQueue<AllTestJobPayloads>(app.database.db, { leaseMs: app.config.JOB_LEASE_MS });
}
