import { describe, expect, it } from 'vitest';
import { base64ToArrayBuffer, speechToRequest } from './speech-to-request';

describe('speechToRequest', () => {
  it('decodes the base64 WAV to its bytes and renames the viseme times to camelCase', () => {
    const wav = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ', 'binary');
    const request = speechToRequest({
      audio: wav.toString('base64'),
      sample_rate: 22050,
      duration_ms: 300,
      phonemes: [],
      visemes: [
        { viseme: 'PP', start_ms: 0, end_ms: 120 },
        { viseme: 'aa', start_ms: 120, end_ms: 300 },
      ],
    });
    expect(Buffer.from(request.audio).equals(wav)).toBe(true);
    expect(request.visemes).toEqual([
      { viseme: 'PP', startMs: 0, endMs: 120 },
      { viseme: 'aa', startMs: 120, endMs: 300 },
    ]);
  });

  it('keeps every byte value 0-255', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...new Uint8Array(base64ToArrayBuffer(Buffer.from(all).toString('base64')))]).toEqual([...all]);
  });
});
