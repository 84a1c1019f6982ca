import { describe, expect, it } from 'vitest';
import { pushPullFill } from './push-pull-fill';

/** A width x height RGB image, each pixel coloured by `colour(x, y)`. */
function image(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgb.set(colour(x, y), (y * width + x) * 3);
  return rgb;
}

describe('pushPullFill', () => {
  it('keeps known pixels and fills a gap between two colours with a smooth ramp, no streaks', () => {
    const width = 64, height = 40;
    // Red known at the left, blue at the right, the middle unknown (and black in the input).
    const rgb = image(width, height, (x) => (x < 16 ? [200, 0, 0] : x >= 48 ? [0, 0, 200] : [0, 0, 0]));
    const known = Float32Array.from({ length: width * height }, (_, i) => (i % width < 16 || i % width >= 48 ? 1 : 0));
    const out = pushPullFill(rgb, known, width, height);
    const at = (x: number, y: number, k: number) => out[(y * width + x) * 3 + k]!;
    expect([at(3, 5, 0), at(3, 5, 2), at(60, 30, 0), at(60, 30, 2)]).toEqual([200, 0, 0, 200]);
    // Across the gap red falls and blue rises, never back, and never darker than the two colours' mix.
    for (let x = 16; x < 48; x++) {
      expect(at(x, 20, 0)).toBeLessThanOrEqual(at(x - 1, 20, 0));
      expect(at(x, 20, 2)).toBeGreaterThanOrEqual(at(x - 1, 20, 2));
      expect(at(x, 20, 0) + at(x, 20, 2)).toBeGreaterThan(150);
    }
    expect(at(17, 20, 0)).toBeGreaterThan(at(46, 20, 0));
    // Every row of the gap is alike: the fill depends on the known columns only.
    for (let y = 0; y < height; y++) expect(Math.abs(at(32, y, 0) - at(32, 20, 0))).toBeLessThanOrEqual(12);
  });

  it('fills a whole unknown border from a known centre with that centre\'s colour', () => {
    const width = 33, height = 17;
    const rgb = image(width, height, () => [90, 140, 30]);
    const known = Float32Array.from({ length: width * height }, (_, i) => (Math.abs(i % width - 16) < 3 && Math.abs(Math.floor(i / width) - 8) < 3 ? 1 : 0));
    const out = pushPullFill(rgb, known, width, height);
    for (let i = 0; i < width * height; i++) expect([...out.subarray(i * 3, i * 3 + 3)]).toEqual([90, 140, 30]);
  });
});
