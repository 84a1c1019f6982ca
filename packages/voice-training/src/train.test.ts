import { describe, expect, it } from 'vitest';
import { medianF0 } from './features.ts';
import { isAbortError } from './pacer.ts';
import { createPersonalVoice } from './personal-voice.ts';
import { qualityFromHeldOut } from './quality.ts';
import { japanesePair } from './testing/fixture-pairs.ts';
import { heldOutIndices, trainVoiceModel, type TrainingStep } from './train.ts';
import { parseModel, serializeModel } from './voice-model-data.ts';

describe('trainVoiceModel', () => {
  it('reports growing progress, holds out a take for the quality score, and yields a valid model', async () => {
    const pairs = [1, 2, 3, 4].map(japanesePair);
    const seen: Array<[number, TrainingStep]> = [];
    const model = await trainVoiceModel(pairs, {
      baseVoice: 'male',
      mixtures: 4,
      iterations: 6,
      workers: 2,
      onProgress: (percent, step) => seen.push([percent, step]),
    });
    const percents = seen.map(([p]) => p);
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1]!)).toBe(true);
    expect(seen[0]).toEqual([0, 'analysing']);
    expect(seen.at(-1)).toEqual([100, 'done']);
    expect(new Set(seen.map(([, s]) => s))).toEqual(new Set(['analysing', 'aligning', 'fitting', 'evaluating', 'done']));

    expect(model.metadata.sentence_count).toBe(4);
    expect(model.training.heldOutPairs).toBe(1);
    expect(model.training.pairs).toBe(3);
    // WORLD analysis ran on two worker threads, not on the fallback path.
    expect(model.training.analysisThreads).toBe(2);
    const q = model.metadata.quality_score!;
    expect(q).toBeGreaterThan(0.3);
    expect(q).toBeLessThanOrEqual(1);
    expect(model.metadata.mcd_after_db!).toBeLessThan(model.metadata.mcd_before_db! - 2);
    // Mei -5 semitones speaks about 2.2 times higher than m001.
    expect(model.f0.target.medianHz / model.f0.source.medianHz).toBeGreaterThan(1.8);
    expect(model.speakingRate.ratio).toBeGreaterThan(0.7);
    expect(model.speakingRate.ratio).toBeLessThan(1.4);

    // JSON round trip gives the same model, and conversion works from the parsed copy.
    const parsed = parseModel(serializeModel(model));
    expect(parsed).toEqual(model);
    const held = japanesePair(8);
    const voice = createPersonalVoice('vm_1', parsed, { applySpeakingRate: false });
    expect(voice.baseVoice).toBe('male');
    const out = await voice.transform(held.base, held.sampleRate);
    expect(out.sampleRate).toBe(16000);
    expect(out.samples.length).toBe(held.base.length);
    expect(out.samples.every(Number.isFinite)).toBe(true);
    expect(Math.max(...out.samples.map(Math.abs))).toBeLessThanOrEqual(0.98 + 1e-6);
    const f0 = await medianF0(out.samples, out.sampleRate);
    expect(f0 / (await medianF0(held.take, held.sampleRate))).toBeGreaterThan(0.85);


    // The exported held-out scorer agrees with the one training ran on the same held-out pair.
    const again = await qualityFromHeldOut(model, [pairs[[...heldOutIndices(4, 0.15)][0]!]!]);
    expect(again.quality_score).toBeCloseTo(q, 6);
  }, 240_000);

  it('stops within 2 s of an abort, whichever step it is in', async () => {
    const pairs = [1, 2].map(japanesePair);
    for (const abortAt of ['analysing', 'fitting'] as const) {
      const controller = new AbortController();
      let abortedAt = 0;
      const run = trainVoiceModel(pairs, {
        baseVoice: 'male',
        mixtures: 8,
        iterations: 200,
        signal: controller.signal,
        onProgress: (percent, step) => {
          // Abort from a timer, as a job queue would, not synchronously from inside the callback.
          if (!abortedAt && step === abortAt && (step !== 'analysing' || percent >= 20)) {
            abortedAt = -1;
            setTimeout(() => {
              abortedAt = performance.now();
              controller.abort();
            }, 0);
          }
        },
      });
      const err = await run.then(
        () => null,
        (e: unknown) => e,
      );
      const latency = performance.now() - abortedAt;
      expect(isAbortError(err)).toBe(true);
      expect(abortedAt).toBeGreaterThan(0);
      expect(latency).toBeLessThan(2000);
    }
  }, 240_000);

  it('refuses empty input', async () => {
    await expect(trainVoiceModel([], { baseVoice: 'female' })).rejects.toThrow(/at least one/);
  });
});

describe('heldOutIndices', () => {
  it('holds out about 15 % of the takes, spread out, and none below 3 takes', () => {
    expect(heldOutIndices(2, 0.15).size).toBe(0);
    expect([...heldOutIndices(3, 0.15)]).toEqual([1]);
    const thirty = [...heldOutIndices(30, 0.15)];
    expect(thirty).toHaveLength(5);
    expect(Math.min(...thirty)).toBeGreaterThan(0);
    expect(Math.max(...thirty)).toBeLessThan(30);
  });
});
