import { decodePcm16Wav } from '@avatar-factory/speech';
import { describe, expect, it } from 'vitest';
import { concatChunks, encodePcm16Wav } from './wav-encoder';

describe('encodePcm16Wav', () => {
  it('writes a 44-byte PCM header that describes mono 16-bit audio', () => {
    const view = new DataView(encodePcm16Wav(new Float32Array(480), 48_000));
    const ascii = (offset: number) => String.fromCharCode(...new Uint8Array(view.buffer, offset, 4));
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 960);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(96_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(960);
    expect(view.byteLength).toBe(44 + 960);
  });

  it('maps full scale exactly and clamps overs', () => {
    const view = new DataView(encodePcm16Wav(Float32Array.from([1, -1, 0, 2, -3, 0.5]), 16_000));
    const at = (i: number) => view.getInt16(44 + 2 * i, true);
    expect([at(0), at(1), at(2), at(3), at(4), at(5)]).toEqual([32767, -32768, 0, 32767, -32768, 16384]);
  });

  it('round-trips a sine through the speech package decoder within one LSB', () => {
    const rate = 44_100;
    const sine = Float32Array.from({ length: rate / 10 }, (_, i) => 0.6 * Math.sin((2 * Math.PI * 220 * i) / rate));
    const decoded = decodePcm16Wav(Buffer.from(encodePcm16Wav(sine, rate)));
    expect(decoded.sampleRate).toBe(rate);
    expect(decoded.samples.length).toBe(sine.length);
    let worst = 0;
    for (let i = 0; i < sine.length; i += 1) worst = Math.max(worst, Math.abs((decoded.samples[i] ?? 0) - (sine[i] ?? 0)));
    // Both sides scale by 0x8000: only rounding, at most half a step apart.
    expect(worst).toBeLessThanOrEqual(0.5 / 32768);
  });

  it('joins chunks in order', () => {
    expect(Array.from(concatChunks([Float32Array.from([1, 2]), new Float32Array(0), Float32Array.from([3])]))).toEqual([1, 2, 3]);
  });
});
