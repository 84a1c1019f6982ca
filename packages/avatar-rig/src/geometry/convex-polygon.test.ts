import { describe, expect, it } from 'vitest';
import { convexHull } from '@avatar-factory/face-analysis';
import { distanceOutside } from './convex-polygon';

describe('distanceOutside', () => {
  // Wound as the face analysis winds a face's outline.
  const square = convexHull([[0, 0], [10, 0], [10, 10], [0, 10], [5, 5]]);

  it('is 0 inside the polygon and on its edge', () => {
    expect(distanceOutside(square, [5, 5])).toBe(0);
    expect(distanceOutside(square, [0.5, 9.5])).toBe(0);
    expect(distanceOutside(square, [10, 3])).toBe(0);
  });

  it('is the distance to the nearest edge beside it, and to the nearest corner beyond one', () => {
    expect(distanceOutside(square, [13, 5])).toBeCloseTo(3, 12);
    expect(distanceOutside(square, [5, -2])).toBeCloseTo(2, 12);
    expect(distanceOutside(square, [13, 14])).toBeCloseTo(5, 12);
  });
});
