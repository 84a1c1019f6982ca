import pLimit from 'p-limit';
import { SpeechError } from '../errors.ts';

export interface BoundedQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly activeCount: number;
  readonly pendingCount: number;
}

/**
 * At most `concurrency` engine processes at once (p-limit), and at most `maxWaiting` calls waiting
 * for a slot; beyond that a call fails at once with SpeechError 'busy' instead of piling up.
 */
export function createBoundedQueue(concurrency: number, maxWaiting: number): BoundedQueue {
  const limit = pLimit(concurrency);
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      // Counted together: p-limit moves a task from pending to active only on a later microtask.
      if (limit.activeCount + limit.pendingCount >= concurrency + maxWaiting) {
        return Promise.reject(new SpeechError('busy', `The speech engine is busy (${limit.pendingCount} requests waiting); try again shortly`));
      }
      return limit(task);
    },
    get activeCount() {
      return limit.activeCount;
    },
    get pendingCount() {
      return limit.pendingCount;
    },
  };
}
