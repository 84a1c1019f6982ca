import { describe, expect, it } from 'vitest';
import { analyseFeatures, logF0Stats } from './features.ts';
import { meanMcd, melCepstralDistortion } from './mcd.ts';
import { loadFixture } from './testing/fixture-pairs.ts';
import { analyse, loadWorld, synthesise } from './world-vocoder.ts';

describe('WORLD through uzumejs', () => {
  it('matches the heap layouts we read and write, and loads without logging', async () => {
    const logged: unknown[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => logged.push(args);
    const w = await loadWorld();
    console.log = log;
    expect(logged).toEqual([]);
    const wf = new w.Waveform(100, 16000);
    wf.setAt(7, 0.25);
    const ptr = (wf as unknown as { $$: { ptr: number } }).$$.ptr >> 2;
    expect(w.wasm.HEAPF64[(w.wasm.HEAPU32[ptr]! >> 3) + 7]).toBe(0.25);
    expect(w.wasm.HEAPU32[ptr + 1]).toBe(100);
    expect(w.wasm.HEAPU32[ptr + 2]).toBe(16000);
    wf.delete();
    const sp = new w.Spectrum(1024);
    expect(w.wasm.HEAPU32[((sp as unknown as { $$: { ptr: number } }).$$.ptr >> 2) + 2]).toBe(1024);
    sp.delete();
  });

  it('analyses a real recording and resynthesises it with the same F0 and envelope', async () => {
    const { samples: whole, sampleRate } = loadFixture('real/pocketsphinx_cards_005.wav');
    const samples = whole.subarray(0, sampleRate * 2);
    const frames = await analyse(samples, sampleRate, { framePeriodMs: 5 });
    expect(frames.fftSize).toBe(1024);
    expect(frames.envelope[0]).toHaveLength(513);
    const f0 = logF0Stats([frames.f0]).medianHz;
    // The README measured 99 Hz with SPTK's RAPT.
    expect(f0).toBeGreaterThan(90);
    expect(f0).toBeLessThan(110);
    const y = await synthesise(frames);
    expect(Math.abs(y.length - samples.length)).toBeLessThan(sampleRate * 0.01);
    const a = await analyseFeatures(samples, sampleRate, { framePeriodMs: 10 });
    const b = await analyseFeatures(y, sampleRate, { framePeriodMs: 10 });
    expect(logF0Stats([b.frames.f0]).medianHz / f0).toBeCloseTo(1, 1);
    // Copy synthesis of this noisy, clipped recording measures about 3.2 dB; a different voice
    // saying the same words is 8 to 11 dB away (voice-conversion.test.ts).
    expect(meanMcd([await melCepstralDistortion(a, b)])).toBeLessThan(4);
    // Shorter hop, longer file: a timeScale of 1.25 stretches the output accordingly.
    const stretched = await synthesise(frames, { timeScale: 1.25 });
    expect(stretched.length / y.length).toBeCloseTo(1.25, 2);
  });

  it('survives many analyses of odd and round lengths (uzume DIO overrun guard)', async () => {
    const { samples, sampleRate } = loadFixture('real/pocketsphinx_cards_005.wav');
    for (const len of [32000, 32001, 32016, 31999, 16000, 8000]) {
      const frames = await analyse(samples.subarray(0, len), sampleRate, { framePeriodMs: 20 });
      expect(frames.f0.length).toBeGreaterThan(0);
    }
  });
});
