import { describe, expect, it } from 'vitest';
import { convertWithModel } from './convert.ts';
import { analyseFeatures } from './features.ts';
import { applyGlobalVariance, averageSpeechVariance, GV_WEIGHT, speechVariance } from './global-variance.ts';
import { japanesePair } from './testing/fixture-pairs.ts';
import { trainVoiceModel } from './train.ts';
import { parseModel, serializeModel } from './voice-model-data.ts';

/** A trajectory of order 2 whose c1 and c2 oscillate with the given amplitudes; c0 marks speech. */
function trajectory(frames: number, amp: [number, number], speechFrom = 0): { mcep: Float64Array[]; speech: Uint8Array } {
  const mcep = Array.from({ length: frames }, (_, i) => Float64Array.from([i >= speechFrom ? 0 : -10, 1 + amp[0] * Math.sin(i / 3), -0.5 + amp[1] * Math.cos(i / 5)]));
  return { mcep, speech: Uint8Array.from(mcep, (_, i) => (i >= speechFrom ? 1 : 0)) };
}

/** Mean over dimensions of variance(converted) / variance(take), over speech frames. */
function gvRatio(converted: { mcep: Float64Array[]; speech: Uint8Array }, take: { mcep: Float64Array[]; speech: Uint8Array }, dims: number): number {
  const vc = speechVariance(converted.mcep, converted.speech, dims)!;
  const vt = speechVariance(take.mcep, take.speech, dims)!;
  let sum = 0;
  for (let d = 0; d < dims; d++) sum += vc[d]! / vt[d]!;
  return sum / dims;
}

describe('applyGlobalVariance', () => {
  it('scales speech frames around their mean to the target variance, and leaves pauses and c0 alone', () => {
    const u = trajectory(300, [0.1, 0.2], 40);
    const before = speechVariance(u.mcep, u.speech, 2)!;
    const gv = { target: [before[0]! * 4, before[1]! / 2], converted: [before[0]!, before[1]!] };
    const out = applyGlobalVariance(u.mcep, u.speech, gv, 1);
    const after = speechVariance(out, u.speech, 2)!;
    expect(after[0]! / before[0]!).toBeCloseTo(4, 6);
    expect(after[1]! / before[1]!).toBeCloseTo(0.5, 6);
    for (let i = 0; i < 40; i++) expect(out[i]).toEqual(u.mcep[i]);
    expect(out.map((c) => c[0])).toEqual(u.mcep.map((c) => c[0]));
    // The mean over speech is kept: only the spread changes.
    const mean = (m: Float64Array[], d: number) => m.slice(40).reduce((s, c) => s + c[d]!, 0) / 260;
    expect(mean(out, 1)).toBeCloseTo(mean(u.mcep, 1), 9);
    // Half the weight gives the geometric middle in variance; weight 0 is the identity.
    const half = speechVariance(applyGlobalVariance(u.mcep, u.speech, gv, 0.5), u.speech, 2)!;
    expect(half[0]! / before[0]!).toBeCloseTo(2, 6);
    expect(applyGlobalVariance(u.mcep, u.speech, gv, 0)).toBe(u.mcep);
  });

  it('clamps the scale and leaves utterances with too little speech unchanged', () => {
    const u = trajectory(200, [0.1, 0.1]);
    const v = speechVariance(u.mcep, u.speech, 2)!;
    const wild = { target: [v[0]! * 1e6, v[1]! * 1e-6], converted: [v[0]!, v[1]!] };
    const after = speechVariance(applyGlobalVariance(u.mcep, u.speech, wild, 1), u.speech, 2)!;
    expect(after[0]! / v[0]!).toBeLessThanOrEqual(4 + 1e-9);
    expect(after[1]! / v[1]!).toBeGreaterThanOrEqual(0.25 - 1e-9);
    const short = trajectory(30, [0.1, 0.1], 25);
    expect(applyGlobalVariance(short.mcep, short.speech, wild, 1)).toBe(short.mcep);
  });

  it('averages per-utterance variances (between-utterance offsets do not count)', () => {
    const a = trajectory(200, [0.1, 0.1]);
    const b = { ...a, mcep: a.mcep.map((c) => Float64Array.from(c, (x, d) => (d === 0 ? x : x + 5))) };
    const gv = averageSpeechVariance([a, b], 2)!;
    const va = speechVariance(a.mcep, a.speech, 2)!;
    expect(gv[0]).toBeCloseTo(va[0]!, 9);
    expect(gv[1]).toBeCloseTo(va[1]!, 9);
  });
});

describe('GV post-filter in conversion', () => {
  it('brings the variance of a held-out conversion closer to the speaker, and old models convert as before', async () => {
    const model = await trainVoiceModel([1, 2, 3, 4, 5].map(japanesePair), { baseVoice: 'male', heldOutFraction: 0, mixtures: 4, iterations: 8 });
    expect(model.gv?.target).toHaveLength(model.mcep.order);
    expect(model.gv?.converted).toHaveLength(model.mcep.order);
    // MMSE conversion shrinks the variance: that is what the filter is for.
    const shrinkage = model.gv!.target.map((t, d) => model.gv!.converted[d]! / t);
    expect(shrinkage.reduce((s, r) => s + r, 0) / shrinkage.length).toBeLessThan(0.9);

    // A model saved before the filter existed: the same data without `gv`, through JSON.
    const { gv: _unused, ...rest } = model;
    const old = parseModel(serializeModel(rest));
    expect(old.gv).toBeUndefined();

    const held = japanesePair(8);
    const analyse = (samples: Float32Array, rate: number) => analyseFeatures(samples, rate, { framePeriodMs: 10 });
    const take = await analyse(held.take, held.sampleRate);
    const withGv = await convertWithModel(model, held.base, held.sampleRate);
    const withoutGv = await convertWithModel(model, held.base, held.sampleRate, { gvWeight: 0 });
    const fromOld = await convertWithModel(old, held.base, held.sampleRate);
    // Old models convert exactly as with the filter off, whatever weight is asked for.
    expect(fromOld.samples).toEqual(withoutGv.samples);
    expect(await convertWithModel(old, held.base, held.sampleRate, { gvWeight: 1 })).toEqual(fromOld);

    const dims = model.mcep.order;
    const on = gvRatio(await analyse(withGv.samples, withGv.sampleRate), take, dims);
    const off = gvRatio(await analyse(withoutGv.samples, withoutGv.sampleRate), take, dims);
    console.info(`GV ratio on held-out ja take 08: ${off.toFixed(3)} without, ${on.toFixed(3)} with the post-filter (w ${GV_WEIGHT})`);
    expect(Math.abs(Math.log(on))).toBeLessThan(Math.abs(Math.log(off)));
    expect(on).toBeGreaterThan(off + 0.1);
    expect(on).toBeGreaterThan(0.7);
    expect(on).toBeLessThan(1.25);
  }, 240_000);
});
