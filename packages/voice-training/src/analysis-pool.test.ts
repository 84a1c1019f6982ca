import { describe, expect, it } from 'vitest';
import { analyseAll } from './analysis-pool.ts';
import { isAbortError, Pacer } from './pacer.ts';
import { loadFixture } from './testing/fixture-pairs.ts';

describe('analyseAll', () => {
  it('gives the same features on worker threads as in this thread, in input order', async () => {
    const inputs = ['en/base-cards005.wav', 'real/pocketsphinx_cards_005.wav', 'ja/base-06.wav'].map(loadFixture);
    const opts = { framePeriodMs: 20, order: 24, alpha: 0.42, pacer: new Pacer() };
    const here = await analyseAll(inputs, { ...opts, workers: 1 });
    const done: number[] = [];
    const threaded = await analyseAll(inputs, { ...opts, workers: 2, onDone: (n) => done.push(n) });
    expect(here.threads).toBe(1);
    expect(threaded.threads).toBe(2);
    expect(done).toEqual([1, 2, 3]);
    for (let i = 0; i < inputs.length; i++) {
      const a = here.features[i]!, b = threaded.features[i]!;
      expect(b.mcep.length).toBe(a.mcep.length);
      expect(Array.from(b.f0)).toEqual(Array.from(a.f0));
      expect(Array.from(b.speech)).toEqual(Array.from(a.speech));
      expect(Array.from(b.mcep[5]!)).toEqual(Array.from(a.mcep[5]!));
    }
  }, 120_000);

  it('stops its workers when aborted', async () => {
    const inputs = ['ja/base-01.wav', 'ja/base-02.wav', 'ja/base-03.wav', 'ja/base-04.wav'].map(loadFixture);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = performance.now();
    const err = await analyseAll(inputs, {
      framePeriodMs: 10,
      order: 24,
      alpha: 0.42,
      pacer: new Pacer(controller.signal),
      signal: controller.signal,
      workers: 2,
    }).catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2300);
  }, 60_000);
});
