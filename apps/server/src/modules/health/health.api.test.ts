import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, notReadyResponseSchema, readyResponseSchema } from '@avatar-factory/contracts';
import { startWorkerPool } from '../../jobs/worker-pool';
import { startMetricsServer, type MetricsServer } from '../../observability/metrics-server';
import { expectError } from '../../testing/expect-error';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testJobHandlers, testQueue } from '../../testing/test-jobs';
import { waitFor } from '../../testing/wait-for';

const silent = { info() {}, warn() {}, error() {} };

describe('GET /api/health and GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('health is liveness: 200 {status: ok}', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.json())).toEqual({ status: 'ok' });
  });

  it('ready answers 200 when the database, storage and queue answer', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(readyResponseSchema.parse(res.json())).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } });
  });

  it('ready answers 503 naming storage when the storage folder cannot be written, and 200 again once it can', async () => {
    const files = path.join(t.dataDir, 'files');
    await fs.rm(files, { recursive: true, force: true });
    await fs.writeFile(files, 'a file where the storage folder should be');
    try {
      const res = await t.server.inject({ method: 'GET', url: '/api/ready' });
      expectError(res, 503, 'not_ready');
      const { detail } = notReadyResponseSchema.parse(res.json());
      expect(detail.failed).toEqual(['storage']);
      expect(detail.checks).toEqual({ database: 'ok', storage: 'failed', queue: 'ok' });
      expect(detail.message).toBe('Not ready: storage failed');
      // Liveness does not depend on it: restarting the process would not fix a disk.
      expect((await t.server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await fs.rm(files, { force: true });
    }
    expect((await t.server.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('ready answers 503 naming the database and the queue when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const res = await broken.server.inject({ method: 'GET', url: '/api/ready' });
      expectError(res, 503, 'not_ready');
      const { detail } = notReadyResponseSchema.parse(res.json());
      expect(detail.failed).toEqual(['database', 'queue']);
      expect(detail.checks.storage).toBe('ok');
      expect((await broken.server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('metrics', () => {
  let t: TestApp;
  let scrape: MetricsServer | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await scrape?.close();
    await t.close();
  });

  it('are off by default: no /metrics on the app port and no METRICS_PORT', async () => {
    expect(t.config.METRICS_PORT).toBeUndefined();
    for (const url of ['/metrics', '/api/metrics', `${t.config.BASE_PATH}/metrics`]) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('avatar_factory_');
    }
  });

  it('count HTTP answers by route pattern and status, jobs by name, the queue depth and the process', async () => {
    const { authorization } = await t.signUp();
    await t.server.inject({ method: 'GET', url: '/api/health' });
    await t.server.inject({ method: 'GET', url: '/api/tasks/00000000-0000-4000-8000-000000000001', headers: { authorization } });
    await t.server.inject({ method: 'GET', url: '/api/tasks/00000000-0000-4000-8000-000000000002', headers: { authorization } });

    const queue = testQueue(t);
    const done = await queue.enqueue('test.record', { key: 'metrics-ok', steps: 1, stepMs: 1 });
    await queue.enqueue('test.record', { key: 'metrics-fail', steps: 1, stepMs: 1, failAttempts: 9 }, { maxAttempts: 1 });
    const pool = startWorkerPool({ queue, handlers: testJobHandlers(t), logger: silent, pollMs: 20, metrics: t.metrics.jobs });
    await waitFor('both jobs', async () => {
      const depth = await queue.depth();
      return depth.length === 0 && (await queue.get(done))?.status === 'completed';
    });
    await pool.stop();
    await queue.enqueue('test.record', { key: 'metrics-later', steps: 1, stepMs: 1 }, { delayMs: 3_600_000 });

    scrape = await startMetricsServer(t.metrics.registry, { port: 0, host: '127.0.0.1' });
    const res = await fetch(scrape.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const sample = (line: string) => expect(text.split('\n')).toContain(line);
    sample('avatar_factory_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} 1');
    sample('avatar_factory_http_request_duration_seconds_count{method="GET",route="/api/tasks/:taskId",status_code="404"} 2');
    sample('avatar_factory_jobs_started_total{job="test.record"} 2');
    sample('avatar_factory_jobs_finished_total{job="test.record"} 1');
    sample('avatar_factory_jobs_failed_total{job="test.record",final="true"} 1');
    sample('avatar_factory_job_duration_seconds_count{job="test.record",outcome="completed"} 1');
    sample('avatar_factory_queue_jobs{job="test.record",state="queued"} 1');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');

    expect((await fetch(scrape.url.replace('/metrics', '/'))).status).toBe(404);
  });
});
