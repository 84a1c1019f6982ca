import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDbKind } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { jobHandlers } from './handlers';
import { startWorkerPool, type WorkerPool } from './worker-pool';

const silent = { info() {}, warn() {}, error() {} };
const repoRoot = path.resolve(import.meta.dirname, '../../../..');


async function runsLog(t: TestApp): Promise<string[]> {
  try {
    return (await fs.readFile(t.storage.pathOf('test-record/runs.log'), 'utf8')).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

describe('durable job queue (in-process workers)', () => {
  let t: TestApp;
  let pool: WorkerPool | undefined;
  beforeAll(async () => {
    t = await createTestApp({ JOB_LEASE_MS: '2000' });
  });
  afterEach(async () => {
    await pool?.stop();
    pool = undefined;
  });
  afterAll(() => t.close());

  it('runs a job to completion, writing progress and the current step', async () => {
    const id = await t.queue.enqueue('test.record', { key: 'simple', steps: 3, stepMs: 20 });
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 20 });
    const job = await waitFor('completion', async () => {
      const row = await t.queue.get(id);
      return row?.status === 'completed' && row;
    });
    expect(job.progress).toBe(100);
    expect(job.currentStep).toBe('step 3');
    expect(await runsLog(t)).toContainEqual(expect.stringMatching(/^simple /));
  });

  it('retries a failing job with backoff, then succeeds', async () => {
    const id = await t.queue.enqueue('test.record', { key: 'flaky', steps: 1, stepMs: 1, failAttempts: 1 }, { maxAttempts: 3 });
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 20 });
    const job = await waitFor('retry to finish', async () => {
      const row = await t.queue.get(id);
      return row?.status === 'completed' && row;
    });
    expect(job.attempts).toBe(2);
    expect(job.lastError).toContain('planned failure on attempt 1');
  });

  it('fails for good after the last attempt', async () => {
    const id = await t.queue.enqueue('test.record', { key: 'doomed', steps: 1, stepMs: 1, failAttempts: 9 }, { maxAttempts: 1 });
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 20 });
    const job = await waitFor('failure', async () => {
      const row = await t.queue.get(id);
      return row?.status === 'failed' && row;
    });
    expect(job.attempts).toBe(1);
  });

  it('cancel stops a running job within 2 s, and it never finishes', async () => {
    const id = await t.queue.enqueue('test.record', { key: 'cancel-me', steps: 100, stepMs: 100 });
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 20 });
    await waitFor('job to run', async () => (await t.queue.get(id))?.status === 'running');
    const cancelledAt = Date.now();
    await t.queue.cancel(id);
    await waitFor('cancellation', async () => (await t.queue.get(id))?.status === 'cancelled', 5000);
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
    expect(await runsLog(t)).not.toContainEqual(expect.stringMatching(/^cancel-me /));
  });

  it('picks up a job whose worker died once its lease runs out', async () => {
    const id = await t.queue.enqueue('test.record', { key: 'orphan', steps: 1, stepMs: 1 });
    const claimed = await t.queue.claim('dead-worker', ['test.record']);
    expect(claimed?.id).toBe(id);
    pool = startWorkerPool({ queue: t.queue, handlers: jobHandlers(t), logger: silent, pollMs: 50 });
    const job = await waitFor('takeover', async () => {
      const row = await t.queue.get(id);
      return row?.status === 'completed' && row;
    }, 10_000);
    expect(job.attempts).toBe(2);
  });
});

describe.runIf(testDbKind === 'postgres')('durable job queue (separate worker processes on PostgreSQL)', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir, JOB_LEASE_MS: '3000', LOG_LEVEL: 'warn', WORKER_CONCURRENCY: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    workers.push(child);
    return new Promise<ChildProcess>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('worker')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`worker exited early with ${code}`)));
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ JOB_LEASE_MS: '3000' });
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await t.close();
  });

  it('two worker processes run 50 jobs, each exactly once', async () => {
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => t.queue.enqueue('test.record', { key: `bulk-${i}`, steps: 2, stepMs: 30 })));
    await waitFor('all 50 jobs', async () => {
      const rows = await Promise.all(ids.map((id) => t.queue.get(id)));
      return rows.every((row) => row?.status === 'completed');
    }, 60_000);
    const lines = (await runsLog(t)).filter((line) => line.startsWith('bulk-'));
    const keys = lines.map((line) => line.split(' ')[0]);
    expect(keys).toHaveLength(50);
    expect(new Set(keys).size).toBe(50);
    const pids = new Set(lines.map((line) => Number(line.split(' ')[1])));
    expect(pids).toEqual(new Set([a.pid, b.pid]));
  });

  it('a job whose worker is killed mid-job completes on the other worker', async () => {
    const id = await t.queue.enqueue('test.record', { key: 'survivor', steps: 20, stepMs: 100 });
    const running = await waitFor('job to start', async () => {
      const row = await t.queue.get(id);
      return row?.status === 'running' && row.progress > 0 && row;
    });
    const owner = workers.find((worker) => running.lockedBy?.startsWith(`${worker.pid}-`));
    expect(owner).toBeDefined();
    owner!.kill('SIGKILL');
    const done = await waitFor('job to finish elsewhere', async () => {
      const row = await t.queue.get(id);
      return row?.status === 'completed' && row;
    }, 30_000);
    expect(done.attempts).toBe(2);
    const line = (await runsLog(t)).find((entry) => entry.startsWith('survivor '));
    expect(Number(line!.split(' ')[1])).not.toBe(owner!.pid);
  });
});
