import { decodeWaveToFloat32Channels } from '@echogarden/wave-codec';
import { takeLimits } from '@avatar-factory/contracts';
import { TakeError } from './errors.ts';
import { resample } from '@avatar-factory/audio';
import { trimSilence } from './audio/silence-trim.ts';

/** Every analysis in this package runs at 16 kHz (the rate WebRTC VAD and flite use). */
export const ANALYSIS_RATE = 16000;

export interface DecodedTake {
  /** Mono, 16 kHz, leading/trailing silence trimmed. */
  samples: Float32Array;
  sampleRate: typeof ANALYSIS_RATE;
  /** Length of the upload as recorded (before trimming). */
  originalDurationMs: number;
  originalSampleRate: number;
  originalChannels: number;
  /** Where the trimmed audio starts in the upload. */
  trimStartMs: number;
}

function isWav(bytes: Uint8Array): boolean {
  const tag = (o: number) => String.fromCharCode(...bytes.subarray(o, o + 4));
  return bytes.length >= 44 && (tag(0) === 'RIFF' || tag(0) === 'RF64') && tag(8) === 'WAVE';
}

/**
 * The length a WAV's header declares, read from its chunks without decoding a sample: the `fmt `
 * chunk's byte rate and the `data` chunk's size (or, for a streamed header with an unknown size,
 * the bytes present). undefined when the chunks cannot be found; the decoder then says why.
 */
export function declaredWavDurationMs(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (o: number) => String.fromCharCode(...bytes.subarray(o, o + 4));
  let byteRate: number | undefined;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 16 <= bytes.length) {
      const channels = view.getUint16(offset + 10, true);
      const sampleRate = view.getUint32(offset + 12, true);
      const bits = offset + 24 <= bytes.length ? view.getUint16(offset + 22, true) : 0;
      // A format the decoder refuses anyway is left to it (its message says what is wrong).
      if (channels === 0 || bits === 0 || !(sampleRate >= 8000 && sampleRate <= 192000)) return undefined;
      byteRate = sampleRate * channels * Math.ceil(bits / 8);
    } else if (id === 'data') {
      if (!byteRate) return undefined;
      const present = bytes.length - offset - 8;
      const unknown = size === 0 || size === 0xffffffff;
      return (Math.max(unknown ? 0 : size, present) / byteRate) * 1000;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

/**
 * Validates and decodes an uploaded WAV take: size and length limits from the API contract,
 * stereo (or more) averaged to mono, resampled to 16 kHz, silence trimmed at both ends.
 * Throws TakeError (invalid_audio | too_long | too_large).
 */
export async function decodeTake(bytes: Uint8Array): Promise<DecodedTake> {
  if (bytes.length > takeLimits.maxBytes) {
    throw new TakeError('too_large', `The recording is larger than ${takeLimits.maxBytes / 1024 / 1024} MB. Record a single sentence.`);
  }
  if (!isWav(bytes)) throw new TakeError('invalid_audio', 'The recording is not a WAV file.');
  // 20 MB of 8 kHz 8-bit audio lasts 40 minutes: refuse a long one (or one whose header says so)
  // before decoding and resampling all of it.
  const declaredMs = declaredWavDurationMs(bytes);
  if (declaredMs !== undefined && declaredMs > takeLimits.maxSeconds * 1000) {
    throw new TakeError('too_long', `The recording lasts ${(declaredMs / 1000).toFixed(1)} s; the limit is ${takeLimits.maxSeconds} s. Record one sentence at a time.`);
  }
  let channels: Float32Array[];
  let sampleRate: number;
  try {
    const raw = decodeWaveToFloat32Channels(bytes);
    channels = raw.audioChannels;
    sampleRate = raw.sampleRate;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TakeError('invalid_audio', `The WAV file could not be decoded (${reason}).`);
  }
  const length = channels[0]?.length ?? 0;
  if (channels.length === 0 || !(sampleRate >= 8000 && sampleRate <= 192000)) {
    throw new TakeError('invalid_audio', 'The WAV file has no audio channel or an unsupported sample rate.');
  }
  if (length === 0) throw new TakeError('invalid_audio', 'The WAV file contains no audio.');
  const durationMs = (length / sampleRate) * 1000;
  if (durationMs > takeLimits.maxSeconds * 1000) {
    throw new TakeError('too_long', `The recording lasts ${(durationMs / 1000).toFixed(1)} s; the limit is ${takeLimits.maxSeconds} s. Record one sentence at a time.`);
  }
  const mono = downmix(channels, length);
  for (const v of mono) {
    if (!Number.isFinite(v)) throw new TakeError('invalid_audio', 'The WAV file contains invalid samples.');
  }
  const at16k = await resample(mono, sampleRate, ANALYSIS_RATE);
  const trimmed = trimSilence(at16k, ANALYSIS_RATE);
  return {
    samples: trimmed.samples,
    sampleRate: ANALYSIS_RATE,
    originalDurationMs: durationMs,
    originalSampleRate: sampleRate,
    originalChannels: channels.length,
    trimStartMs: (trimmed.startSample / ANALYSIS_RATE) * 1000,
  };
}

function downmix(channels: Float32Array[], length: number): Float32Array {
  if (channels.length === 1) return channels[0] ?? new Float32Array(0);
  const out = new Float32Array(length);
  for (const ch of channels) for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) + (ch[i] ?? 0);
  const k = 1 / channels.length;
  for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) * k;
  return out;
}
