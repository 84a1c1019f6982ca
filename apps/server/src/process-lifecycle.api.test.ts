import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createQueue } from './jobs/queue';
import { startEntry, type EntryProcess } from './testing/entry-process';
import { createTestDatabase, testDbKind } from './testing/test-database';
import { testRecordRunsKey, testRecordStartsKey, type AllTestJobPayloads } from './testing/test-jobs';
import { waitFor } from './testing/wait-for';

/**
 * The two entry points as an operator runs them: real child processes sent real signals. PGlite
 * belongs to one process, so on PGlite the test seeds the database before the server starts and
 * reads it after it exits; on PostgreSQL the worker entry point is tested too.
 */
const children: EntryProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const entry of children.splice(0)) entry.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workspace(): Promise<{ dataDir: string; env: Record<string, string>; open(): Promise<DatabaseHandle>; release(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'af-process-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  if (testDbKind === 'postgres') {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: database.url! }, open: async () => database as DatabaseHandle, release: async () => {} };
  }
  let handle: DatabaseHandle | undefined;
  return {
    dataDir,
    env: { DATA_DIR: dataDir },
    open: async () => (handle ??= await openDatabase({ dataDir })),
    /** PGlite: one process at a time. */
    release: async () => {
      await handle?.close();
      handle = undefined;
    },
  };
}

const lines = async (file: string) => (await fs.readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((line) => line.split(' ')[0]);

describe('GET /metrics on METRICS_PORT (server process)', () => {
  it('is served on its own port only, labelled by route; SIGTERM then exits 0', { timeout: 120_000 }, async () => {
    const { env } = await workspace();
    const server = startEntry('main.ts', { ...env, PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0' });
    children.push(server);
    const [, port] = await server.waitForOutput(/listening at http:\/\/localhost:(\d+)\//);
    const [, metricsUrl] = await server.waitForOutput(/Metrics at (http:\/\/\S+)/);
    const app = `http://127.0.0.1:${port}`;
    expect(new URL(metricsUrl!).port).not.toBe(port);

    expect((await fetch(`${app}/api/ready`)).status).toBe(200);
    expect((await fetch(`${app}/metrics`)).status).toBe(404);
    const res = await fetch(metricsUrl!);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('avatar_factory_http_request_duration_seconds_count{method="GET",route="/api/ready",status_code="200"} 1');
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

const entries = testDbKind === 'postgres' ? ['testing/test-server.ts', 'testing/test-worker.ts'] : ['testing/test-server.ts'];

describe.each(entries)('SIGTERM (%s)', (entry) => {
  it('takes no new job, lets a running job finish within SHUTDOWN_GRACE_MS, hands the rest back and exits 0', { timeout: 120_000 }, async () => {
    const space = await workspace();
    const queue = createQueue<AllTestJobPayloads>((await space.open()).db);
    // 1 s of work: finishes during the grace period (with room for a loaded machine). 60 s: does not. The third is never started.
    const quick = await queue.enqueue('test.record', { key: 'quick', steps: 10, stepMs: 100 });
    const slow = await queue.enqueue('test.record', { key: 'slow', steps: 600, stepMs: 100 });
    const waiting = await queue.enqueue('test.record', { key: 'waiting', steps: 1, stepMs: 1 });
    await space.release();

    const graceMs = 8000;
    const worker = startEntry(entry, { ...space.env, PORT: '0', HOST: '127.0.0.1', WORKER_CONCURRENCY: '2', SHUTDOWN_GRACE_MS: String(graceMs) });
    children.push(worker);
    const files = path.join(space.dataDir, 'files');
    await waitFor('quick and slow to start', async () => {
      const started = await lines(path.join(files, testRecordStartsKey));
      return started.includes('quick') && started.includes('slow');
    }, 60_000, 20);
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeGreaterThanOrEqual(graceMs - 200); // it waited for the slow job...
    expect(tookMs).toBeLessThan(graceMs + 8000); // ...but not for it to finish

    const after = createQueue<AllTestJobPayloads>((await space.open()).db);
    expect(await after.get(quick)).toMatchObject({ status: 'completed', progress: 100 });
    expect(await after.get(slow)).toMatchObject({ status: 'queued', lockedBy: null, lockedUntil: null, attempts: 0 });
    expect(await after.get(waiting)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await lines(path.join(files, testRecordRunsKey))).toEqual(['quick']);
    expect(await lines(path.join(files, testRecordStartsKey))).not.toContain('waiting');
    await space.release();
  });
});
