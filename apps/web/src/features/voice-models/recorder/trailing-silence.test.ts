import { synthesize } from '@avatar-factory/speech';
import { describe, expect, it } from 'vitest';
import { createTrailingSilenceDetector } from './trailing-silence';

const rate = 16_000;

/** Seeded white noise at a given RMS level (dBFS), standing in for a quiet room. */
function noise(seconds: number, dbfs: number, seed = 1, sampleRate = rate): Float32Array {
  let state = seed;
  const amp = 10 ** (dbfs / 20) * Math.sqrt(3); // uniform noise: rms = amp / sqrt(3)
  return Float32Array.from({ length: Math.round(seconds * sampleRate) }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return amp * (2 * (state / 2 ** 31) - 1);
  });
}

function join(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Feeds the signal in 128-sample blocks (an AudioWorklet quantum) and returns when it fired (s). */
function firesAt(signal: Float32Array, sampleRate = rate): number | null {
  const detector = createTrailingSilenceDetector({ sampleRate });
  for (let i = 0; i < signal.length; i += 128) {
    if (detector.push(signal.subarray(i, i + 128))) return (i + 128) / sampleRate;
  }
  return null;
}

describe('trailing-silence detection', () => {
  it('never fires on silence or room noise alone', () => {
    expect(firesAt(new Float32Array(rate * 5))).toBeNull();
    expect(firesAt(noise(5, -55))).toBeNull();
  });

  it('fires about 1.2 s after real Japanese speech ends, not during its pauses', async () => {
    const take = await synthesize({ text: 'こんにちは、今日はいい天気ですね。', voice: 'male', language: 'ja' });
    expect(take.sampleRate).toBeGreaterThan(0);
    const speechEnd = 0.5 + take.samples.length / take.sampleRate;
    const signal = join(
      noise(0.5, -60, 2, take.sampleRate),
      take.samples,
      new Float32Array(take.sampleRate * 3),
    );
    const at = firesAt(signal, take.sampleRate);
    expect(at).not.toBeNull();
    // The engine leaves ~0.2 s of edge silence after the last phoneme, which counts as quiet.
    expect(at! - speechEnd).toBeGreaterThan(0.8);
    expect(at! - speechEnd).toBeLessThan(1.3);
  });

  it('ignores a short click before any speech', () => {
    const click = Float32Array.from({ length: rate / 20 }, (_, i) => 0.5 * Math.sin(i / 3));
    expect(firesAt(join(click, new Float32Array(rate * 3)))).toBeNull();
  });

  it('fires after a tone in noise once 1.2 s of quiet follows', () => {
    const tone = Float32Array.from({ length: rate }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 200 * i) / rate));
    const at = firesAt(join(noise(0.5, -55), tone, noise(2, -55, 3)));
    expect(at).not.toBeNull();
    expect(at!).toBeGreaterThan(1.5 + 1.15);
    expect(at!).toBeLessThan(1.5 + 1.3);
  });
});
