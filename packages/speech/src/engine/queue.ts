import { SpeechError } from '../errors.ts';

/** 'owner': a signed-in user's own work (previews, the app, jobs); 'public': anonymous public pages. */
export type SpeechPriority = 'owner' | 'public';

export interface BoundedQueue {
  /**
   * Admits one request (all its engine calls): throws SpeechError 'busy' at once when too many
   * requests of that priority have engine calls waiting or running, before any work is spent on
   * it. A request counts only while it has calls in flight, so one whose client stopped reading
   * (a stalled stream) does not hold a place.
   */
  admit(priority?: SpeechPriority): AdmittedRequest;
  /** Runs one engine call outside any request (counted like an owner's). */
  run<T>(task: () => Promise<T>, priority?: SpeechPriority): Promise<T>;
  readonly activeCount: number;
  readonly pendingCount: number;
}

export interface AdmittedRequest {
  /** Runs one engine call of this request when a process is free; never refused. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** The request is over. */
  end(): void;
}

export interface BoundedQueueLimits {
  /** Requests in progress at once, by priority; more are refused as busy. */
  maxRequests: Record<SpeechPriority, number>;
  /**
   * Processes public calls may hold at once (default: all but one when there are two or more), so
   * an owner's call starts at once instead of waiting for a public one to finish.
   */
  maxPublicActive?: number;
}

/**
 * At most `concurrency` engine processes at once. Owners' calls wait in their own line and start
 * before any public one, and public calls never hold the last free process. Admission is per
 * request, not per call: a request that got in is never refused halfway (which would waste the
 * work already done on it), and one that cannot get in is refused before anything is spent. (p-limit,
 * used before, has neither priorities nor per-class bounds.)
 */
export function createBoundedQueue(concurrency: number, limits: BoundedQueueLimits): BoundedQueue {
  const maxPublicActive = limits.maxPublicActive ?? (concurrency > 1 ? concurrency - 1 : concurrency);
  const waiting: Record<SpeechPriority, Array<() => void>> = { owner: [], public: [] };
  const requests: Record<SpeechPriority, number> = { owner: 0, public: 0 };
  let active = 0;
  let publicActive = 0;

  const enqueue = <T>(task: () => Promise<T>, priority: SpeechPriority): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting[priority].push(() => {
        active++;
        if (priority === 'public') publicActive++;
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            if (priority === 'public') publicActive--;
            next();
          });
      });
      next();
    });

  const next = () => {
    while (active < concurrency) {
      const start = waiting.owner.shift() ?? (publicActive < maxPublicActive ? waiting.public.shift() : undefined);
      if (!start) return;
      start();
    }
  };

  return {
    admit(priority: SpeechPriority = 'owner'): AdmittedRequest {
      if (requests[priority] >= limits.maxRequests[priority]) {
        throw new SpeechError('busy', `The speech engine is busy (${requests[priority]} ${priority} requests in progress); try again shortly`);
      }
      // Counted from admission until it has no call in flight; counted again while it has some.
      requests[priority]++;
      let counted = true;
      let inFlight = 0;
      let ended = false;
      const uncount = () => {
        if (!counted) return;
        counted = false;
        requests[priority]--;
      };
      return {
        run<T>(task: () => Promise<T>): Promise<T> {
          inFlight++;
          if (!counted && !ended) {
            counted = true;
            requests[priority]++;
          }
          return enqueue(task, priority).finally(() => {
            inFlight--;
            if (inFlight === 0) uncount();
          });
        },
        end() {
          ended = true;
          uncount();
        },
      };
    },
    run<T>(task: () => Promise<T>, priority: SpeechPriority = 'owner'): Promise<T> {
      return enqueue(task, priority);
    },
    get activeCount() {
      return active;
    },
    get pendingCount() {
      return waiting.owner.length + waiting.public.length;
    },
  };
}
