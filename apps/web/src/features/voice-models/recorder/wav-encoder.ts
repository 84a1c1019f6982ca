import { encodeWaveFromFloat32Channels } from '@echogarden/wave-codec';

/**
 * Mono 16-bit PCM RIFF/WAVE (the canonical 44-byte header), the format the take check decodes,
 * written by @echogarden/wave-codec: samples are clamped to [-1, 1) and scaled by 0x8000.
 */
export function encodePcm16Wav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const file = encodeWaveFromFloat32Channels([samples], sampleRate, 16);
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
}

/** Joins the capture's chunks into one buffer. */
export function concatChunks(chunks: readonly Float32Array[]): Float32Array {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Float32Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
