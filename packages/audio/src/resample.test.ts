import { describe, expect, it } from 'vitest';
import { resample } from './resample';

const sine = (hz: number, rate: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

/** Zero crossings per second / 2 = frequency: a pitch-preserving resampler keeps it. */
const frequencyOf = (samples: Float32Array, rate: number) => {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  return crossings / 2 / (samples.length / rate);
};

describe('resample', () => {
  it.each([
    [48000, 16000],
    [16000, 48000],
    [44100, 16000],
  ])('keeps length, pitch and level from %i Hz to %i Hz', async (from, to) => {
    const out = await resample(sine(440, from, 1), from, to);
    expect(out.length).toBe(to);
    expect(frequencyOf(out.subarray(100, -100), to)).toBeCloseTo(440, -1);
    const peak = out.subarray(200, -200).reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(peak).toBeGreaterThan(0.45);
    expect(peak).toBeLessThan(0.55);
  });

  it('keeps time alignment: a click stays where it was', async () => {
    const input = new Float32Array(48000);
    input[24000] = 1;
    const out = await resample(input, 48000, 16000);
    let at = 0;
    for (let i = 1; i < out.length; i++) if (Math.abs(out[i]!) > Math.abs(out[at]!)) at = i;
    expect(Math.abs(at - 8000)).toBeLessThanOrEqual(2);
  });

  it('answers an empty input with an empty output, and the same rate with a copy', async () => {
    expect((await resample(new Float32Array(0), 48000, 16000)).length).toBe(0);
    const input = sine(100, 16000, 0.1);
    const same = await resample(input, 16000, 16000);
    expect(same).toEqual(input);
    expect(same).not.toBe(input);
  });
});
