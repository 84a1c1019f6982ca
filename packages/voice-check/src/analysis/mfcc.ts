import Meyda from 'meyda';

export const MFCC_FRAME = 512; // 32 ms at 16 kHz (Meyda needs a power of two)
export const MFCC_HOP = 160; // 10 ms
/** c1..c8: the spectral envelope's coarse shape (what was said); higher orders carry more of who said it. */
const COEFFS = 9;

/**
 * MFCC frames (Meyda: Hann window, 26 mel bands, DCT-II), 32 ms window, 10 ms hop, c1..c8. c0
 * (overall loudness) is dropped and each coefficient has its mean over the take removed (cepstral mean
 * normalisation) so microphone colour and level do not dominate the comparison with the reference.
 */
export function mfccFrames(samples: Float32Array, sampleRate: number): Float32Array[] {
  Meyda.sampleRate = sampleRate;
  Meyda.bufferSize = MFCC_FRAME;
  Meyda.numberOfMFCCCoefficients = COEFFS;
  Meyda.windowingFunction = 'hanning';
  const frames: Float32Array[] = [];
  const buf = new Float32Array(MFCC_FRAME);
  for (let start = 0; start + MFCC_FRAME <= samples.length; start += MFCC_HOP) {
    buf.set(samples.subarray(start, start + MFCC_FRAME));
    const c = Meyda.extract('mfcc', buf) as number[] | null;
    if (!c) continue;
    frames.push(Float32Array.from(c.slice(1)));
  }
  const dims = COEFFS - 1;
  const mean = new Float64Array(dims);
  for (const f of frames) for (let d = 0; d < dims; d++) mean[d] = (mean[d] ?? 0) + (f[d] ?? 0);
  for (let d = 0; d < dims; d++) mean[d] = (mean[d] ?? 0) / Math.max(1, frames.length);
  for (const f of frames) for (let d = 0; d < dims; d++) f[d] = (f[d] ?? 0) - (mean[d] ?? 0);
  return frames;
}
