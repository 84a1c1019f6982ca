import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDbKind } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { testJobHandlers, testQueue, testRecordRunsKey, type AllTestJobPayloads } from '../testing/test-jobs';
import { eq } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { jobHandlers } from './handlers';
import { startJobPruner } from './job-pruner';
import type { Queue } from './queue';
import { startWorkerPool, type WorkerPool } from './worker-pool';

const silent = { info() {}, warn() {}, error() {} };
const repoRoot = path.resolve(import.meta.dirname, '../../../..');


async function runsLog(t: TestApp): Promise<string[]> {
  try {
    return (await fs.readFile(t.storage.pathOf(testRecordRunsKey), 'utf8')).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

describe('durable job queue (in-process workers)', () => {
  let t: TestApp;
  let queue: Queue<AllTestJobPayloads>;
  let pool: WorkerPool | undefined;
  beforeAll(async () => {
    t = await createTestApp({ JOB_LEASE_MS: '2000' });
    queue = testQueue(t);
  });
  afterEach(async () => {
    await pool?.stop();
    pool = undefined;
  });
  afterAll(() => t.close());

  it('production workers run only production jobs: the test jobs come from the test entry points', () => {
    expect(Object.keys(jobHandlers(t)).sort()).toEqual(['avatar.deploy', 'avatar.generate', 'voice.check-take', 'voice.train']);
  });

  it('runs a job to completion, writing progress and the current step', async () => {
    const id = await queue.enqueue('test.record', { key: 'simple', steps: 3, stepMs: 20 });
    pool = startWorkerPool({ queue, handlers: testJobHandlers(t), logger: silent, pollMs: 20 });
    const job = await waitFor('completion', async () => {
      const row = await queue.get(id);
      return row?.status === 'completed' && row;
    });
    expect(job.progress).toBe(100);
    expect(job.currentStep).toBe('step 3');
    expect(await runsLog(t)).toContainEqual(expect.stringMatching(/^simple /));
  });

  it('takes turns between users: one user\'s queue of many does not hold back another\'s first job', async () => {
    const alice = '00000000-0000-4000-8000-00000000000a';
    const bob = '00000000-0000-4000-8000-00000000000b';
    const carol = '00000000-0000-4000-8000-00000000000c';
    const names = new Map<string, string>();
    for (let i = 1; i <= 5; i++) names.set(await queue.enqueue('test.record', { key: `fair-a${i}`, steps: 1, stepMs: 1 }, { ownerId: alice }), `a${i}`);
    names.set(await queue.enqueue('test.record', { key: 'fair-b1', steps: 1, stepMs: 1 }, { ownerId: bob }), 'b1');
    names.set(await queue.enqueue('test.record', { key: 'fair-b2', steps: 1, stepMs: 1 }, { ownerId: bob }), 'b2');
    const order: string[] = [];
    const workerId = queue.newWorkerId();
    for (let i = 0; i < 7; i++) {
      const job = await queue.claim(workerId, ['test.record']);
      order.push(names.get(job!.id)!);
      // Carol arrives while alice's second job runs: her first job is next.
      if (i === 2) names.set(await queue.enqueue('test.record', { key: 'fair-c1', steps: 1, stepMs: 1 }, { ownerId: carol }), 'c1');
      await queue.finish(job!.id, workerId, 'completed');
    }
    order.push(names.get((await queue.claim(workerId, ['test.record']))!.id)!);
    expect(order).toEqual(['a1', 'b1', 'a2', 'c1', 'b2', 'a3', 'a4', 'a5']);
  });

  it('retries a failing job with backoff, then succeeds', async () => {
    const id = await queue.enqueue('test.record', { key: 'flaky', steps: 1, stepMs: 1, failAttempts: 1 }, { maxAttempts: 3 });
    pool = startWorkerPool({ queue, handlers: testJobHandlers(t), logger: silent, pollMs: 20 });
    const job = await waitFor('retry to finish', async () => {
      const row = await queue.get(id);
      return row?.status === 'completed' && row;
    });
    expect(job.attempts).toBe(2);
    expect(job.lastError).toContain('planned failure on attempt 1');
  });

  it('fails for good after the last attempt', async () => {
    const id = await queue.enqueue('test.record', { key: 'doomed', steps: 1, stepMs: 1, failAttempts: 9 }, { maxAttempts: 1 });
    pool = startWorkerPool({ queue, handlers: testJobHandlers(t), logger: silent, pollMs: 20 });
    const job = await waitFor('failure', async () => {
      const row = await queue.get(id);
      return row?.status === 'failed' && row;
    });
    expect(job.attempts).toBe(1);
  });

  it('cancel stops a running job within 2 s, and it never finishes', async () => {
    const id = await queue.enqueue('test.record', { key: 'cancel-me', steps: 100, stepMs: 100 });
    pool = startWorkerPool({ queue, handlers: testJobHandlers(t), logger: silent, pollMs: 20 });
    await waitFor('job to run', async () => (await queue.get(id))?.status === 'running');
    const cancelledAt = Date.now();
    await queue.cancel(id);
    await waitFor('cancellation', async () => (await queue.get(id))?.status === 'cancelled', 5000);
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
    expect(await runsLog(t)).not.toContainEqual(expect.stringMatching(/^cancel-me /));
  });

  it('a job cancelled while running ends cancelled, even when its work ends before it sees the cancel', async () => {
    // The cancel lands between two heartbeats (1 s apart) and the job's last step ends before the
    // next one: as a training job whose model was cancelled returns early, it was marked completed.
    const id = await queue.enqueue('test.record', { key: 'cancel-late', steps: 1, stepMs: 400 });
    pool = startWorkerPool({ queue, handlers: testJobHandlers(t), logger: silent, pollMs: 20 });
    await waitFor('job to run', async () => (await queue.get(id))?.status === 'running');
    await queue.cancel(id);
    const ended = await waitFor('job to end', async () => {
      const row = await queue.get(id);
      return row && row.status !== 'running' && row;
    }, 5000);
    expect(ended.status).toBe('cancelled');
  });

  it('prunes finished jobs older than JOB_RETENTION_DAYS, and never a queued or running one', async () => {
    const day = 24 * 60 * 60 * 1000;
    const make = async (key: string, status: 'completed' | 'failed' | 'cancelled' | 'queued' | 'running', ageDays: number) => {
      const id = await queue.enqueue('test.record', { key, steps: 1, stepMs: 1 }, { delayMs: 3_600_000 });
      await t.database.db.update(jobs).set({ status, updatedAt: new Date(Date.now() - ageDays * day) }).where(eq(jobs.id, id));
      return id;
    };
    const pruned = [await make('old-completed', 'completed', 8), await make('old-failed', 'failed', 30), await make('old-cancelled', 'cancelled', 7.1)];
    const kept = [await make('new-completed', 'completed', 6.9), await make('old-queued', 'queued', 60), await make('old-running', 'running', 60)];
    expect(t.config.JOB_RETENTION_DAYS).toBe(7);
    const pruner = startJobPruner({ queue, retentionDays: t.config.JOB_RETENTION_DAYS, logger: silent });
    await waitFor('pruning', async () => (await Promise.all(pruned.map((id) => queue.get(id)))).every((row) => row === undefined));
    await pruner.stop();
    for (const id of kept) expect(await queue.get(id)).toBeDefined();
    // 0 keeps everything.
    const ancient = await make('ancient', 'completed', 400);
    const keepAll = startJobPruner({ queue, retentionDays: 0, logger: silent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await keepAll.stop();
    expect(await queue.get(ancient)).toBeDefined();
    for (const id of [...kept, ancient]) await t.database.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('picks up a job whose worker died once its lease runs out', async () => {
    const id = await queue.enqueue('test.record', { key: 'orphan', steps: 1, stepMs: 1 });
    const claimed = await queue.claim('dead-worker', ['test.record']);
    expect(claimed?.id).toBe(id);
    pool = startWorkerPool({ queue, handlers: testJobHandlers(t), logger: silent, pollMs: 50 });
    const job = await waitFor('takeover', async () => {
      const row = await queue.get(id);
      return row?.status === 'completed' && row;
    }, 10_000);
    expect(job.attempts).toBe(2);
  });
});

describe.runIf(testDbKind === 'postgres')('durable job queue (separate worker processes on PostgreSQL)', () => {
  let t: TestApp;
  let queue: Queue<AllTestJobPayloads>;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/testing/test-worker.ts'], {
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
    queue = testQueue(t);
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await t.close();
  });

  it('two worker processes run 50 jobs, each exactly once', async () => {
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => queue.enqueue('test.record', { key: `bulk-${i}`, steps: 2, stepMs: 30 })));
    await waitFor('all 50 jobs', async () => {
      const rows = await Promise.all(ids.map((id) => queue.get(id)));
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
    const id = await queue.enqueue('test.record', { key: 'survivor', steps: 20, stepMs: 100 });
    const running = await waitFor('job to start', async () => {
      const row = await queue.get(id);
      return row?.status === 'running' && row.progress > 0 && row;
    });
    const owner = workers.find((worker) => running.lockedBy?.startsWith(`${worker.pid}-`));
    expect(owner).toBeDefined();
    owner!.kill('SIGKILL');
    const done = await waitFor('job to finish elsewhere', async () => {
      const row = await queue.get(id);
      return row?.status === 'completed' && row;
    }, 30_000);
    expect(done.attempts).toBe(2);
    const line = (await runsLog(t)).find((entry) => entry.startsWith('survivor '));
    expect(Number(line!.split(' ')[1])).not.toBe(owner!.pid);
  });
});
