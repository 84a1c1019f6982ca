import { readinessDependencies, type ReadinessChecks, type ReadinessDependency } from '@avatar-factory/contracts';
import type { Queue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import type { HealthRepository } from './health.repository';

export interface Readiness {
  ready: boolean;
  checks: ReadinessChecks;
  failed: ReadinessDependency[];
}

class CheckTimeout extends Error {}

/**
 * Readiness: can this process do its work now? Each dependency is asked in parallel and given
 * `timeoutMs` (a hung database must not hang the probe): the database a round trip, storage a
 * file written, read back and removed, the queue a read of the jobs table.
 */
export function createHealthService(deps: {
  health: Pick<HealthRepository, 'ping'>;
  storage: Pick<Storage, 'probe'>;
  queue: Pick<Queue, 'depth'>;
  timeoutMs?: number;
  onFailure?: (dependency: ReadinessDependency, error: unknown) => void;
}) {
  const timeoutMs = deps.timeoutMs ?? 3000;
  const probes: Record<ReadinessDependency, () => Promise<unknown>> = {
    database: () => deps.health.ping(),
    storage: () => deps.storage.probe(),
    queue: () => deps.queue.depth(),
  };
  async function check(dependency: ReadinessDependency): Promise<ReadinessChecks[ReadinessDependency]> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([probes[dependency](), new Promise((_, reject) => (timer = setTimeout(() => reject(new CheckTimeout()), timeoutMs)))]);
      return 'ok';
    } catch (error) {
      deps.onFailure?.(dependency, error);
      return error instanceof CheckTimeout ? 'timed_out' : 'failed';
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    async readiness(): Promise<Readiness> {
      const results = await Promise.all(readinessDependencies.map(async (dependency) => [dependency, await check(dependency)] as const));
      const checks = Object.fromEntries(results) as ReadinessChecks;
      const failed = results.filter(([, result]) => result !== 'ok').map(([dependency]) => dependency);
      return { ready: failed.length === 0, checks, failed };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
