import { describe, expect, it } from 'vitest';
import { SpeechError } from '../errors.ts';
import { createBoundedQueue } from './queue.ts';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened.then(() => 'done') };
};

describe('createBoundedQueue', () => {
  it('runs at most `concurrency` calls at once', async () => {
    const queue = createBoundedQueue(2, { maxRequests: { owner: 8, public: 8 } });
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return 'done';
    };
    await expect(Promise.all(Array.from({ length: 8 }, () => queue.run(task)))).resolves.toHaveLength(8);
    expect(most).toBe(2);
  });

  it('refuses a request beyond its priority\'s bound at once, and admits again once one ends', () => {
    const queue = createBoundedQueue(2, { maxRequests: { owner: 3, public: 2 } });
    const publicRequests = [queue.admit('public'), queue.admit('public')];
    expect(() => queue.admit('public')).toThrow(SpeechError);
    expect(() => queue.admit('public')).toThrow(/busy/);
    // Owners have their own bound: public traffic does not make them busy.
    const ownerRequests = [queue.admit('owner'), queue.admit('owner'), queue.admit('owner')];
    expect(() => queue.admit('owner')).toThrow(/busy/);
    publicRequests[0]!.end();
    publicRequests[0]!.end(); // ending twice counts once
    expect(() => queue.admit('public')).not.toThrow();
    expect(() => queue.admit('public')).toThrow(/busy/);
    for (const request of ownerRequests) request.end();
  });

  it('an admitted request is never refused halfway, and one with no call in flight (a stalled reader) holds no place', async () => {
    const queue = createBoundedQueue(1, { maxRequests: { owner: 8, public: 1 } });
    const request = queue.admit('public');
    await expect(request.run(async () => 'first')).resolves.toBe('first');
    // Between its calls (its client not reading yet) another public request may start.
    const other = queue.admit('public');
    expect(() => queue.admit('public')).toThrow(/busy/);
    // The first one's next call still runs: admitted work is not refused.
    await expect(Promise.all([request.run(async () => 'second'), other.run(async () => 'other')])).resolves.toEqual(['second', 'other']);
    request.end();
    other.end();
    expect(() => queue.admit('public').end()).not.toThrow();
  });
});

describe('owners and public callers', () => {
  it('starts a waiting owner call before public calls that waited longer', async () => {
    const queue = createBoundedQueue(1, { maxRequests: { owner: 8, public: 8 } });
    const first = gate();
    const order: string[] = [];
    const running = queue.run(first.task, 'public');
    const publicCalls = [1, 2, 3].map((n) => queue.run(async () => void order.push(`public ${n}`), 'public'));
    const ownerCall = queue.run(async () => void order.push('owner'), 'owner');
    first.open();
    await Promise.all([running, ...publicCalls, ownerCall]);
    expect(order).toEqual(['owner', 'public 1', 'public 2', 'public 3']);
  });

  it('public calls hold at most all but one process, so an owner starts at once', async () => {
    const queue = createBoundedQueue(2, { maxRequests: { owner: 8, public: 8 } });
    const publicGate = gate();
    let publicRunning = 0;
    let mostPublic = 0;
    const publicTask = async () => {
      publicRunning++;
      mostPublic = Math.max(mostPublic, publicRunning);
      await publicGate.task();
      publicRunning--;
    };
    const publicCalls = [1, 2, 3].map(() => queue.run(publicTask, 'public'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queue.activeCount).toBe(1);
    await expect(queue.run(async () => 'owner')).resolves.toBe('owner');
    publicGate.open();
    await Promise.all(publicCalls);
    expect(mostPublic).toBe(1);
  });
});
