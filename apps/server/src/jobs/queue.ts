import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import type { JobPayloads } from './job-types';

/**
 * A small durable queue on the `jobs` table (docs/adr/0002-job-queue.md): workers claim with
 * FOR UPDATE SKIP LOCKED and hold a lease they renew every second; a job whose worker died is
 * claimed again once its lease runs out. Runs the same on PGlite and PostgreSQL.
 */
export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  maxAttempts?: number;
  delayMs?: number;
  /** The user whose work this is: claims take turns between users. */
  ownerId?: string;
}

export interface JobContext {
  jobId: string;
  attempt: number;
  /** Aborted when the job is cancelled or the lease is lost. */
  signal: AbortSignal;
  /** Writes progress (0-100, never decreasing) and the current step to the job row. */
  progress(percent: number, step?: string): Promise<void>;
}

/**
 * The queue and the workers are generic over the map from job name to payload: production uses
 * JobPayloads; tests add their own jobs (testing/test-jobs.ts) without them ever reaching a
 * production worker.
 */
export type JobName<M extends object = JobPayloads> = keyof M & string;

export interface JobHandler<N extends JobName<M>, M extends object = JobPayloads> {
  run(payload: M[N], ctx: JobContext): Promise<void>;
  /** Called once when the job fails for good (attempts exhausted) so the domain row can say so. */
  onFailed?(payload: M[N], error: unknown): Promise<void>;
}

export type JobHandlers<M extends object = JobPayloads> = { [N in JobName<M>]?: JobHandler<N, M> };

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

export function createQueue<M extends object = JobPayloads>(db: Database, options: { leaseMs?: number } = {}) {
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  return {
    async enqueue<N extends JobName<M>>(name: N, payload: M[N], options: EnqueueOptions = {}): Promise<string> {
      const [row] = await db
        .insert(jobs)
        .values({
          name,
          payload,
          maxAttempts: options.maxAttempts ?? 3,
          runAfter: new Date(Date.now() + (options.delayMs ?? 0)),
          ownerId: options.ownerId ?? null,
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

    /**
     * Claims a runnable job (queued and due, or running with an expired lease), taking turns
     * between users: the job of the user whose last job started longest ago (or never) goes first,
     * then the oldest. So one user's twelve avatars do not hold everyone else back: another user's
     * first job runs next, not thirteenth, and the users' jobs then alternate.
     */
    async claim(workerId: string, names: JobName<M>[]): Promise<JobRow | undefined> {
      if (names.length === 0) return undefined;
      const nameList = sql.join(names.map((name) => sql`${name}`), sql`, `);
      const result = await db.execute(sql`
        UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now(), started_at = clock_timestamp()
        WHERE id = (
          SELECT candidate.id FROM jobs candidate
          WHERE candidate.name IN (${nameList}) AND NOT candidate.cancel_requested
            AND ((candidate.status = 'queued' AND candidate.run_after <= now()) OR (candidate.status = 'running' AND candidate.locked_until < now()))
          ORDER BY
            coalesce((SELECT max(served.started_at) FROM jobs served WHERE served.owner_id = candidate.owner_id), '-infinity'),
            candidate.run_after, candidate.created_at
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

    /**
     * Ends a job the worker ran to its end. A cancel that came after the last heartbeat still
     * counts (the caller has dropped the result: a training job whose voice model was cancelled
     * returns early and saves nothing), so a job asked to cancel ends 'cancelled'. Answers the
     * status recorded.
     */
    async finish(jobId: string, workerId: string, status: 'completed' | 'cancelled'): Promise<'completed' | 'cancelled'> {
      const final = sql<'completed' | 'cancelled'>`CASE WHEN ${jobs.cancelRequested} THEN 'cancelled' ELSE ${status} END`;
      const rows = await db
        .update(jobs)
        .set({ status: final, lockedBy: null, lockedUntil: null, updatedAt: new Date(), progress: sql`CASE WHEN ${final} = 'completed' THEN 100 ELSE ${jobs.progress} END` })
        .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)))
        .returning({ status: jobs.status });
      return (rows[0]?.status as 'completed' | 'cancelled' | undefined) ?? status;
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

    /** Jobs waiting and running, by name (the metrics' queue depth; readiness uses it as the queue's answer). */
    async depth(): Promise<{ name: string; status: 'queued' | 'running'; count: number }[]> {
      const rows = await db
        .select({ name: jobs.name, status: jobs.status, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'running']))
        .groupBy(jobs.name, jobs.status);
      return rows.map((row) => ({ ...row, status: row.status as 'queued' | 'running', count: Number(row.count) }));
    },

    /** Deletes finished jobs (completed, failed, cancelled) last touched before `before`; answers how many. */
    async pruneFinished(before: Date): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(inArray(jobs.status, ['completed', 'failed', 'cancelled']), lt(jobs.updatedAt, before)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    newWorkerId: () => `${process.pid}-${randomUUID().slice(0, 8)}`,
  };
}

export type Queue<M extends object = JobPayloads> = ReturnType<typeof createQueue<M>>;
