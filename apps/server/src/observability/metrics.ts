import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Outcome of one run of a job: finished, failed (to be retried or for good), cancelled, or handed back at shutdown. */
export type JobOutcome = 'completed' | 'failed' | 'cancelled' | 'released';

/** What the worker pool reports; kept free of prom-client so the pool stays a plain module. */
export interface JobMetrics {
  started(job: string): void;
  finished(job: string, outcome: JobOutcome, seconds: number, final?: boolean): void;
}

export interface Metrics {
  registry: Registry;
  jobs: JobMetrics;
  /** One HTTP answer: `route` is the route's pattern (never the raw URL, which would make a series per id). */
  httpRequest(method: string, route: string, statusCode: number, seconds: number): void;
}

interface DepthRow {
  name: string;
  status: string;
  count: number;
}

/**
 * The Prometheus metrics of one process (prom-client): HTTP answers by route and status, jobs by
 * name, the queue's depth (read from the jobs table when scraped) and Node's process metrics.
 * Served only on METRICS_PORT (observability/metrics-server.ts), never on the public port.
 */
export function createMetrics(options: { queueDepth: () => Promise<DepthRow[]> }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'avatar_factory_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const started = new Counter({ name: 'avatar_factory_jobs_started_total', help: 'Job runs started, by job name', labelNames: ['job'] as const, registers });
  const finished = new Counter({ name: 'avatar_factory_jobs_finished_total', help: 'Job runs that completed, by job name', labelNames: ['job'] as const, registers });
  const failed = new Counter({
    name: 'avatar_factory_jobs_failed_total',
    help: 'Job runs that failed, by job name; final="true" when no attempt is left',
    labelNames: ['job', 'final'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'avatar_factory_job_duration_seconds',
    help: 'Time one job run took, by job name and outcome (completed, failed, cancelled, released)',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers,
  });
  new Gauge({
    name: 'avatar_factory_queue_jobs',
    help: 'Jobs waiting (state="queued") or being worked on (state="running"), by job name',
    labelNames: ['job', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      let rows: DepthRow[];
      try {
        rows = await options.queueDepth();
      } catch {
        return; // the database is down: no depth rather than a failed scrape (GET /api/ready says why)
      }
      for (const row of rows) this.set({ job: row.name, state: row.status }, row.count);
    },
  });
  return {
    registry,
    jobs: {
      started: (job) => started.inc({ job }),
      finished(job, outcome, seconds, final = false) {
        if (outcome === 'completed') finished.inc({ job });
        if (outcome === 'failed') failed.inc({ job, final: String(final) });
        duration.observe({ job, outcome }, seconds);
      },
    },
    httpRequest: (method, route, statusCode, seconds) => httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds),
  };
}
