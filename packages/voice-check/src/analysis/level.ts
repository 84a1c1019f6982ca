/** Level of the whole take, in dBFS (a full-scale sine reads -3 dBFS). Silence gives -120. */
export function rmsDbfs(samples: ArrayLike<number>, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const v = samples[i] ?? 0;
    sum += v * v;
  }
  const n = Math.max(1, to - from);
  return Math.max(-120, 10 * Math.log10(sum / n + 1e-15));
}

/** Samples at or beyond this magnitude count as clipped (16-bit full scale is 32767/32768). */
export const CLIP_LEVEL = 0.999;

/**
 * Share of samples in runs of at least 2 consecutive samples at full scale. Single full-scale
 * peaks are legal audio; flat tops lasting several samples are the signature of clipping.
 */
export function clippingRatio(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let clipped = 0;
  let run = 0;
  for (let i = 0; i <= samples.length; i++) {
    const v = i < samples.length ? Math.abs(samples[i] ?? 0) : 0;
    if (v >= CLIP_LEVEL) {
      run++;
    } else {
      if (run >= 2) clipped += run;
      run = 0;
    }
  }
  return clipped / samples.length;
}

/** Peak magnitude in dBFS. */
export function peakDbfs(samples: Float32Array): number {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  return Math.max(-120, 20 * Math.log10(peak + 1e-12));
}
