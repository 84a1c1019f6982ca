import { describe, expect, it } from 'vitest';
import { decodeWaveToFloat32Channels, encodeWaveFromFloat32Channels } from '@echogarden/wave-codec';
import { declaredWavDurationMs, decodeTake } from './decode-take.ts';
import { TakeError } from './errors.ts';
import { fixtureBytes, SPEECH_FIXTURES } from './testing/fixtures.ts';

async function expectTakeError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TakeError);
  expect((error as TakeError).code).toBe(code);
}

function zeroCrossings(x: Float32Array): number {
  let n = 0;
  for (let i = 1; i < x.length; i++) if (((x[i - 1] ?? 0) < 0) !== ((x[i] ?? 0) < 0)) n++;
  return n;
}

describe('decodeTake', () => {
  it('decodes a real 8 kHz recording to 16 kHz mono, keeping its length', async () => {
    const take = await decodeTake(fixtureBytes(SPEECH_FIXTURES.allison.file));
    expect(take.sampleRate).toBe(16000);
    expect(take.originalSampleRate).toBe(8000);
    expect(take.originalDurationMs).toBeCloseTo(3159.5, 0);
    // The file is trimmed tightly already: at most the silence beyond the 150 ms margins goes.
    expect(take.samples.length / 16000).toBeGreaterThan(2.9);
    expect(take.samples.length / 16000).toBeLessThanOrEqual(3.16);
  });

  it('resamples without shifting pitch or level (44.1 kHz 440 Hz sine)', async () => {
    const rate = 44100;
    const sine = Float32Array.from({ length: rate * 2 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
    const take = await decodeTake(encodeWaveFromFloat32Channels([sine], rate));
    expect(take.samples.length).toBeGreaterThan(31900);
    expect(take.samples.length).toBeLessThanOrEqual(32000);
    const middle = take.samples.subarray(8000, 24000); // 1 s
    expect(zeroCrossings(middle) / 2).toBeGreaterThan(437);
    expect(zeroCrossings(middle) / 2).toBeLessThan(443);
    const rms = Math.sqrt(middle.reduce((s, v) => s + v * v, 0) / middle.length);
    expect(rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('downmixes stereo by averaging the channels', async () => {
    const mono = decodeWaveToFloat32Channels(fixtureBytes(SPEECH_FIXTURES.cards.file)).audioChannels[0] as Float32Array;
    const right = mono.map((v) => v * 0.5);
    const stereo = await decodeTake(encodeWaveFromFloat32Channels([mono, right], 16000, 32, 3 as never));
    const single = await decodeTake(encodeWaveFromFloat32Channels([mono], 16000, 32, 3 as never));
    expect(stereo.originalChannels).toBe(2);
    expect(stereo.samples.length).toBe(single.samples.length);
    for (const i of [4000, 12000, 30000]) expect(stereo.samples[i]).toBeCloseTo((single.samples[i] ?? 0) * 0.75, 4);
  });

  it('trims leading and trailing silence, keeping a short margin', async () => {
    const speech = decodeWaveToFloat32Channels(fixtureBytes(SPEECH_FIXTURES['0920'].file)).audioChannels[0] as Float32Array;
    const padded = new Float32Array(speech.length + 32000);
    padded.set(speech, 16000); // 1 s of digital silence on each side
    const take = await decodeTake(encodeWaveFromFloat32Channels([padded], 16000));
    expect(take.originalDurationMs).toBeCloseTo(8050, 0);
    expect(take.trimStartMs).toBeGreaterThanOrEqual(850);
    expect(take.trimStartMs).toBeLessThan(1000);
    expect(take.samples.length / 16000).toBeLessThan(6.4);
    expect(take.samples.length / 16000).toBeGreaterThan(5.5);
  });

  it('rejects what is not a WAV file', async () => {
    await expectTakeError(decodeTake(new TextEncoder().encode('this is not audio at all, just some text that is long enough')), 'invalid_audio');
    const png = new Uint8Array(100);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expectTakeError(decodeTake(png), 'invalid_audio');
    // A RIFF/WAVE header cut off before any audio.
    await expectTakeError(decodeTake(fixtureBytes(SPEECH_FIXTURES.cards.file).slice(0, 44)), 'invalid_audio');
  });

  it('rejects an unsupported encoding (IMA ADPCM, format tag 0x11)', async () => {
    const wav = encodeWaveFromFloat32Channels([new Float32Array(8000)], 8000);
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    expect(String.fromCharCode(...wav.subarray(12, 16))).toBe('fmt ');
    view.setUint16(20, 0x11, true);
    await expectTakeError(decodeTake(wav), 'invalid_audio');
  });

  it('rejects takes over 30 s (too_long) and over 20 MB (too_large)', async () => {
    await expectTakeError(decodeTake(encodeWaveFromFloat32Channels([new Float32Array(8000 * 31)], 8000)), 'too_long');
    expect((await decodeTake(encodeWaveFromFloat32Channels([new Float32Array(8000 * 29)], 8000))).originalDurationMs).toBe(29000);
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(fixtureBytes(SPEECH_FIXTURES.cards.file).subarray(0, 44));
    await expectTakeError(decodeTake(big), 'too_large');
  });
});

describe('the length a WAV header declares (refused before decoding)', () => {
  const second = (rate: number) => encodeWaveFromFloat32Channels([new Float32Array(rate).fill(0.1)], rate);

  it('reads the length of a real recording and of an encoded one without decoding', () => {
    expect(declaredWavDurationMs(fixtureBytes(SPEECH_FIXTURES.allison.file))).toBeCloseTo(3159.5, 0);
    expect(declaredWavDurationMs(second(16000))).toBeCloseTo(1000, 0);
  });

  it('refuses a small file whose header declares hours of audio as too long, before decoding it', async () => {
    const wav = second(8000);
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    const dataOffset = wav.findIndex((_, i) => String.fromCharCode(...wav.subarray(i, i + 4)) === 'data');
    view.setUint32(dataOffset + 4, 8000 * 2 * 3600, true); // one hour of 16-bit 8 kHz audio
    expect(declaredWavDurationMs(wav)).toBeCloseTo(3_600_000, -3);
    await expectTakeError(decodeTake(wav), 'too_long');
  });

  it('refuses a long recording (40 minutes of 8 kHz 8-bit fit in 20 MB) by its header', async () => {
    const wav = second(8000);
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    // 8 kHz, mono, 8 bits: 31 s of audio declared and present in 248 kB.
    const dataOffset = wav.findIndex((_, i) => String.fromCharCode(...wav.subarray(i, i + 4)) === 'data');
    view.setUint16(34, 8, true);
    view.setUint16(32, 1, true);
    view.setUint32(28, 8000, true);
    const long = new Uint8Array(dataOffset + 8 + 8000 * 31);
    long.set(wav.subarray(0, dataOffset + 8));
    new DataView(long.buffer).setUint32(dataOffset + 4, 8000 * 31, true);
    long.fill(128, dataOffset + 8);
    expect(declaredWavDurationMs(long)).toBeCloseTo(31_000, -1);
    await expectTakeError(decodeTake(long), 'too_long');
  });
});
