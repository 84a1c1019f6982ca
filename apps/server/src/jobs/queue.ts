import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import type { JobName, JobPayloads } from './job-types';

/**
 * A small durable queue on the `jobs` table (docs/adr/0002-job-queue.md): workers claim with
 * FOR UPDATE SKIP LOCKED and hold a lease they renew every second; a job whose worker died is
 * claimed again once its lease runs out. Runs the same on PGlite and PostgreSQL.
 */
export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  maxAttempts?: number;
  delayMs?: number;
}

export interface JobContext {
  jobId: string;
  attempt: number;
  /** Aborted when the job is cancelled or the lease is lost. */
  signal: AbortSignal;
  /** Writes progress (0-100, never decreasing) and the current step to the job row. */
  progress(percent: number, step?: string): Promise<void>;
}

export interface JobHandler<N extends JobName> {
  run(payload: JobPayloads[N], ctx: JobContext): Promise<void>;
  /** Called once when the job fails for good (attempts exhausted) so the domain row can say so. */
  onFailed?(payload: JobPayloads[N], error: unknown): Promise<void>;
}

export type JobHandlers = { [N in JobName]?: JobHandler<N> };

export class JobCancelledError extends Error {
  constructor() {
    super('Job cancelled');
  }
}

/** The worker is shutting down: the job goes back to the queue, not to 'cancelled'. */
export class WorkerShutdownError extends Error {
  constructor() {
    super('Worker shutting down');
  }
}

export const defaultLeaseMs = 15_000;
export const heartbeatMs = 1_000;

export function createQueue(db: Database, options: { leaseMs?: number } = {}) {
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  return {
    async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
      const [row] = await db
        .insert(jobs)
        .values({
          name,
          payload,
          maxAttempts: options.maxAttempts ?? 3,
          runAfter: new Date(Date.now() + (options.delayMs ?? 0)),
        })
        .returning({ id: jobs.id });
      return row!.id;
    },

    /** Queued jobs are cancelled at once; running ones see their signal abort within a heartbeat. */
    async cancel(jobId: string): Promise<void> {
      await db
        .update(jobs)
        .set({ cancelRequested: true, updatedAt: new Date() })
        .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['queued', 'running'])));
      await db
        .update(jobs)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
    },

    async get(jobId: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
      return row;
    },

    /** Claims the oldest runnable job (queued and due, or running with an expired lease). */
    async claim(workerId: string, names: JobName[]): Promise<JobRow | undefined> {
      if (names.length === 0) return undefined;
      const nameList = sql.join(names.map((name) => sql`${name}`), sql`, `);
      const result = await db.execute(sql`
        UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
        WHERE id = (
          SELECT id FROM jobs
          WHERE name IN (${nameList}) AND NOT cancel_requested
            AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
          ORDER BY run_after, created_at
          FOR UPDATE SKIP LOCKED
          LIMIT 1
        )
        RETURNING id`);
      const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
      if (!id) return undefined;
      return this.get(id);
    },

    /** Renews the lease; answers false when the job was cancelled or another worker owns it now. */
    async heartbeat(jobId: string, workerId: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
        .returning({ cancelRequested: jobs.cancelRequested });
      return rows.length === 1 && !rows[0]!.cancelRequested;
    },

    async setProgress(jobId: string, percent: number, step?: string): Promise<void> {
      const clamped = Math.max(0, Math.min(100, Math.round(percent)));
      await db
        .update(jobs)
        .set({
          progress: sql`greatest(${jobs.progress}, ${clamped})`,
          ...(step ? { currentStep: step } : {}),
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, jobId));
    },

    async finish(jobId: string, workerId: string, status: 'completed' | 'cancelled'): Promise<void> {
      await db
        .update(jobs)
        .set({ status, lockedBy: null, lockedUntil: null, updatedAt: new Date(), ...(status === 'completed' ? { progress: 100 } : {}) })
        .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
    },

    /** Hands a running job back to the queue at once (graceful shutdown), keeping its attempt count. */
    async release(jobId: string, workerId: string): Promise<void> {
      await db
        .update(jobs)
        .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
    },

    /** Retries with exponential backoff (1 s, 4 s, 16 s ...) or fails for good; answers true if final. */
    async fail(job: JobRow, workerId: string, error: unknown): Promise<boolean> {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.maxAttempts;
      await db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'queued',
          lastError: message.slice(0, 2000),
          lockedBy: null,
          lockedUntil: null,
          runAfter: new Date(Date.now() + 1000 * 4 ** (job.attempts - 1)),
          updatedAt: new Date(),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
      return final;
    },

    newWorkerId: () => `${process.pid}-${randomUUID().slice(0, 8)}`,
  };
}

export type Queue = ReturnType<typeof createQueue>;
