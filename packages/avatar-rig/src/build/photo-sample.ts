import type { Vec3 } from './face-frame';

/** A portrait pixel as the image readers (lips, lids) judge it: luma (0-255), saturation, red share (r - g) / r. */
export interface PhotoSample { y: number; sat: number; red: number }

/** The portrait pixel under (x, y) (portrait pixels, pixel centres at .5), clamped to the portrait. */
export function sampleAt(rgba: Uint8Array | Buffer, size: number, x: number, y: number): PhotoSample {
  const xi = Math.min(size - 1, Math.max(0, Math.round(x - 0.5))), yi = Math.min(size - 1, Math.max(0, Math.round(y - 0.5)));
  const o = (yi * size + xi) * 4;
  const r = rgba[o]!, g = rgba[o + 1]!, b = rgba[o + 2]!;
  return { y: 0.299 * r + 0.587 * g + 0.114 * b, sat: (Math.max(r, g, b) - Math.min(r, g, b)) / (Math.max(r, g, b) + 1), red: (r - g) / (r + 1) };
}

/** The upper median (0 for none). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** Across a row of columns (lips, lids): the median of each value and its two neighbours, the end values kept as read. */
export const median3 = (values: number[]): number[] => values.map((v, k) => (k === 0 || k === values.length - 1 ? v : median([values[k - 1]!, v, values[k + 1]!])));

/**
 * How many of `steps` samples from `from` towards `to` belong to a run that starts at `from`: it
 * lasts while `inRun` holds, and one sample that does not (a lash gap, a reflection) does not end
 * it. The run's length in steps (0 when it never starts).
 */
export function runAlong(rgba: Uint8Array | Buffer, size: number, from: Vec3, to: Vec3, steps: number, inRun: (sample: PhotoSample, at: Vec3) => boolean): number {
  let last = -1;
  for (let step = 0; step < steps; step++) {
    const at = lerp3(from, to, (step + 0.5) / steps);
    if (inRun(sampleAt(rgba, size, at[0], at[1]), at)) last = step;
    else if (step > last + 1) break;
  }
  return last + 1;
}

export const lerp3 = (a: readonly number[], b: readonly number[], t: number): Vec3 => [0, 1, 2].map((k) => a[k]! + (b[k]! - a[k]!) * t) as Vec3;
