import { describe, expect, it } from 'vitest';
import { medianF0 } from '../analysis/f0.ts';
import { fitPhonemes, joinClips, trimEdgeSilence } from './clip.ts';
import { peakDbfs } from './levels.ts';
import { resample } from './resample.ts';
import { decodePcm16Wav, encodeWav } from './wav.ts';

const sine = (hz: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));

describe('WAV', () => {
  it('round-trips 16-bit PCM', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 0.25]);
    const file = encodeWav(samples, 22050);
    expect(file.length).toBe(44 + samples.length * 2);
    const decoded = decodePcm16Wav(file);
    expect(decoded.sampleRate).toBe(22050);
    decoded.samples.forEach((value, i) => expect(value).toBeCloseTo(samples[i] ?? 0, 3));
  });
});

describe('resample and join', () => {
  it('keeps length, pitch and level when going 16 kHz -> 48 kHz', async () => {
    const input = sine(220, 16000, 0.5);
    const output = await resample(input, 16000, 48000);
    expect(output.length).toBe(24000);
    expect(medianF0(output, 48000)).toBeCloseTo(220, -1);
    expect(peakDbfs(output)).toBeCloseTo(peakDbfs(input), 0);
  });

  it('joins clips at the higher rate and shifts their timings', async () => {
    const a = { samples: sine(200, 16000, 0.25), sampleRate: 16000, phonemes: [{ symbol: 'a', startMs: 0, endMs: 250 }], visemes: [{ viseme: 'aa' as const, startMs: 0, endMs: 250 }] };
    const b = { samples: sine(200, 48000, 0.5), sampleRate: 48000, phonemes: [{ symbol: 'o', startMs: 0, endMs: 500 }], visemes: [{ viseme: 'O' as const, startMs: 0, endMs: 500 }] };
    const joined = await joinClips([a, b]);
    expect(joined.sampleRate).toBe(48000);
    expect(joined.samples.length).toBe(12000 + 24000);
    expect(joined.visemes).toEqual([
      { viseme: 'aa', startMs: 0, endMs: 250 },
      { viseme: 'O', startMs: 250, endMs: 750 },
    ]);
  });

  it('fits phoneme timings into the audio', () => {
    expect(fitPhonemes([{ symbol: 'a', startMs: 0, endMs: 100 }, { symbol: 'b', startMs: 100, endMs: 90 }, { symbol: 'c', startMs: 90, endMs: 1000 }], 300)).toEqual([
      { symbol: 'a', startMs: 0, endMs: 100 },
      { symbol: 'c', startMs: 100, endMs: 300 },
    ]);
  });
});

describe('trimEdgeSilence', () => {
  it('shortens leading and trailing silence and shifts the timings', () => {
    const clip = {
      samples: new Float32Array(900), // 1 kHz: 1 sample per ms
      sampleRate: 1000,
      phonemes: [
        { symbol: 'sil', startMs: 0, endMs: 300 },
        { symbol: 'a', startMs: 300, endMs: 400 },
        { symbol: 'pau', startMs: 400, endMs: 900 },
      ],
    };
    const trimmed = trimEdgeSilence(clip, 150, 200);
    expect(trimmed.samples.length).toBe(450);
    expect(trimmed.phonemes).toEqual([
      { symbol: 'sil', startMs: 0, endMs: 150 },
      { symbol: 'a', startMs: 150, endMs: 250 },
      { symbol: 'pau', startMs: 250, endMs: 450 },
    ]);
    expect(trimEdgeSilence(trimmed, 150, 200)).toBe(trimmed);
  });
});
