import FFT from 'fft.js';

/** Test helpers that "listen" to a waveform by measuring it. */

/** Level in dB relative to full scale (RMS over the whole signal). */
export function rmsDb(samples: Float32Array): number {
  let sum = 0;
  for (const v of samples) sum += v * v;
  return 10 * Math.log10(sum / Math.max(1, samples.length) + 1e-20);
}

/**
 * Share of the signal's energy at or above `fromHz`, in dB (Hann-windowed 1024-point frames, half
 * overlap): a hissing or whistling conversion shows up as a high share.
 */
export function highBandShareDb(samples: Float32Array, sampleRate: number, fromHz: number): number {
  const size = 1024;
  const fft = new FFT(size);
  const input = new Array<number>(size);
  const spectrum = fft.createComplexArray() as number[];
  let high = 0;
  let total = 0;
  for (let start = 0; start + size <= samples.length; start += size / 2) {
    for (let n = 0; n < size; n++) input[n] = samples[start + n]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / size));
    fft.realTransform(spectrum, input);
    for (let k = 1; k < size / 2; k++) {
      const power = spectrum[2 * k]! ** 2 + spectrum[2 * k + 1]! ** 2;
      total += power;
      if ((k * sampleRate) / size >= fromHz) high += power;
    }
  }
  return 10 * Math.log10(high / Math.max(total, 1e-20) + 1e-20);
}
