import { decodeWaveToFloat32Channels } from '@echogarden/wave-codec';

/** Linear PCM read from a WAV file: one Float32Array per channel, samples in [-1, 1]. */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array<ArrayBuffer>[];
}

/**
 * Reads an uncompressed WAV file (integer PCM of 8, 16, 24 or 32 bits, or float) in one
 * synchronous pass with @echogarden/wave-codec. The server's speech is 16-bit PCM; reading it here
 * instead of with decodeAudioData saves that call's round trip to the decoder thread and its wait
 * for the main thread to take the result, which on a busy page was the largest part of the time
 * from the answer to the sound. Returns null for anything the codec does not read or reads as
 * empty (compressed formats, not a WAV, a streamed file with a data size of 0), so the caller can
 * hand the file to the browser's decoder.
 */
export function readWavPcm(file: ArrayBuffer): PcmAudio | null {
  try {
    const { audioChannels, sampleRate } = decodeWaveToFloat32Channels(new Uint8Array(file));
    if (sampleRate < 1 || audioChannels.length === 0 || audioChannels[0]!.length === 0) return null;
    // The codec allocates fresh arrays, so their buffers are plain ArrayBuffers.
    return { sampleRate, channels: audioChannels as Float32Array<ArrayBuffer>[] };
  } catch {
    return null;
  }
}
