import { describe, expect, it } from 'vitest';
import { envelopeToMcep, freqt, mcepToEnvelope } from './mel-cepstrum.ts';

/** A smooth, speech-like power envelope: two formant-like peaks over a sloping floor. */
function envelope(bins: number): Float64Array {
  return Float64Array.from({ length: bins }, (_, k) => {
    const f = k / (bins - 1);
    return 1e-3 * Math.exp(-3 * f) + 0.5 * Math.exp(-(((f - 0.08) / 0.03) ** 2)) + 0.2 * Math.exp(-(((f - 0.2) / 0.05) ** 2));
  });
}

function rmsLogDistanceDb(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += (10 * Math.log10(a[k]! / b[k]!)) ** 2;
  return Math.sqrt(s / a.length);
}

describe('mel-cepstrum', () => {
  it('freqt with alpha 0 only truncates, and warping by alpha then -alpha comes back', () => {
    const c = Float64Array.from({ length: 30 }, (_, i) => Math.sin(i + 1) / (i + 1));
    expect(Array.from(freqt(c, 9, 0))).toEqual(Array.from(c.subarray(0, 10)));
    const back = freqt(freqt(c, 200, 0.42), 29, -0.42);
    for (let i = 0; i < 30; i++) expect(back[i]!).toBeCloseTo(c[i]!, 6);
  });

  it('round-trips an envelope: nearly exact at high order, a smooth fit at order 24', () => {
    const env = envelope(513);
    expect(rmsLogDistanceDb(mcepToEnvelope(envelopeToMcep(env, 300), 513), env)).toBeLessThan(0.1);
    const fit = mcepToEnvelope(envelopeToMcep(env), 513);
    expect(rmsLogDistanceDb(fit, env)).toBeLessThan(2);
    // c(0) is the mean log amplitude on the warped axis: scaling power by e^2 adds 1 to c(0) only.
    const a = envelopeToMcep(env);
    const b = envelopeToMcep(env.map((v) => v * Math.exp(2)));
    expect(b[0]! - a[0]!).toBeCloseTo(1, 9);
    for (let d = 1; d < a.length; d++) expect(b[d]!).toBeCloseTo(a[d]!, 9);
  });
});
