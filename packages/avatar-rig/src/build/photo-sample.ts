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

export const lerp3 = (a: readonly number[], b: readonly number[], t: number): Vec3 => [0, 1, 2].map((k) => a[k]! + (b[k]! - a[k]!) * t) as Vec3;
