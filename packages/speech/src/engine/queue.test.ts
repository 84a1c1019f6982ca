import { describe, expect, it } from 'vitest';
import { SpeechError } from '../errors.ts';
import { createBoundedQueue } from './queue.ts';

describe('createBoundedQueue', () => {
  it('runs at most `concurrency` tasks and rejects beyond `maxWaiting` waiting ones with busy', async () => {
    const queue = createBoundedQueue(2, 3);
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return 'done';
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => queue.run(task)));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(3);
    expect(rejected.every((r) => r.reason instanceof SpeechError && r.reason.code === 'busy')).toBe(true);
    // Once drained, it accepts work again.
    await expect(queue.run(task)).resolves.toBe('done');
  });
});
