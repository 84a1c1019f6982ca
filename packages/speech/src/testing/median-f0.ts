import { PitchDetector } from 'pitchy';

/**
 * Median fundamental frequency of the voiced frames, via pitchy's McLeod Pitch Method
 * (McLeod & Wyvill 2005). Frames count as voiced when pitchy's clarity is at least `minClarity`.
 */
export function medianF0(samples: Float32Array, sampleRate: number, options: { minClarity?: number; minHz?: number; maxHz?: number } = {}): number {
  const { minClarity = 0.9, minHz = 50, maxHz = 600 } = options;
  const windowSize = 2 ** Math.ceil(Math.log2(sampleRate * 0.04)); // >= 40 ms, two periods at 50 Hz
  const hop = Math.round(sampleRate * 0.01);
  const detector = PitchDetector.forFloat32Array(windowSize);
  const pitches: number[] = [];
  for (let start = 0; start + windowSize <= samples.length; start += hop) {
    const [pitch, clarity] = detector.findPitch(samples.subarray(start, start + windowSize), sampleRate);
    if (clarity >= minClarity && pitch >= minHz && pitch <= maxHz) pitches.push(pitch);
  }
  if (pitches.length === 0) return NaN;
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? NaN;
}
