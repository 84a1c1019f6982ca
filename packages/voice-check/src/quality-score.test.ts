import { describe, expect, it } from 'vitest';
import { clippingRatio, rmsDbfs } from './analysis/level.ts';
import { qualityScore, ramp, subScores } from './quality-score.ts';

describe('quality score', () => {
  it('ramps linearly between the fail threshold and the good point, in either direction', () => {
    expect(ramp(-36, -42, -30)).toBeCloseTo(0.5);
    expect(ramp(-50, -42, -30)).toBe(0);
    expect(ramp(0.66, 0.77, 0.55)).toBeCloseTo(0.5);
    expect(ramp(Number.NaN, 0, 1)).toBe(0);
  });

  it('is the documented weighted mean, renormalised without a reference', () => {
    const s = subScores({ speechDbfs: -36, clippingRatio: 0, snrDb: 20, durationRatio: 1, alignmentRatio: 0.66 });
    expect(s).toEqual({ level: 0.5, clipping: 1, snr: 0.5, duration: 1, match: 0.5 });
    expect(qualityScore(s)).toBeCloseTo(0.15 * 0.5 + 0.1 + 0.3 * 0.5 + 0.15 + 0.3 * 0.5, 3);
    expect(qualityScore({ ...s, match: null })).toBeCloseTo((0.15 * 0.5 + 0.1 + 0.3 * 0.5 + 0.15) / 0.7, 3);
    // Duration outside 0.7..1.6 loses score on both sides.
    expect(subScores({ speechDbfs: -20, clippingRatio: 0, snrDb: 40, durationRatio: 0.56, alignmentRatio: null }).duration).toBeCloseTo(0.5);
    expect(subScores({ speechDbfs: -20, clippingRatio: 0, snrDb: 40, durationRatio: 2.3, alignmentRatio: null }).duration).toBeCloseTo(0.5);
  });
});

describe('level measures', () => {
  it('reads a full-scale sine at -3 dBFS and silence at -120', () => {
    const sine = Float32Array.from({ length: 16000 }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / 16000));
    expect(rmsDbfs(sine)).toBeCloseTo(-3.01, 1);
    expect(rmsDbfs(new Float32Array(100))).toBe(-120);
  });

  it('counts flat tops as clipping, not single full-scale peaks', () => {
    const peaks = Float32Array.from({ length: 1000 }, (_, i) => (i % 50 === 0 ? 1 : 0.1));
    expect(clippingRatio(peaks)).toBe(0);
    const flat = Float32Array.from({ length: 1000 }, (_, i) => (i % 50 < 5 ? -1 : 0.1));
    expect(clippingRatio(flat)).toBeCloseTo(0.1);
  });
});
