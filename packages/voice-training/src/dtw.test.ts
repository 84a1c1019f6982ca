import { describe, expect, it } from 'vitest';
import { dtwPath } from './dtw.ts';

describe('dtwPath', () => {
  it('aligns a sequence with a copy played 1.5 times slower', async () => {
    const frame = (t: number) => Float64Array.from([0, Math.sin(t), Math.cos(2 * t), t / 10]);
    const a = Array.from({ length: 60 }, (_, i) => frame(i / 6));
    const b = Array.from({ length: 90 }, (_, j) => frame(j / 9));
    const path = await dtwPath(a, b);
    expect(path[0]).toEqual([0, 0]);
    expect(path.at(-1)).toEqual([59, 89]);
    for (const [i, j] of path) expect(Math.abs(j - 1.5 * i)).toBeLessThanOrEqual(2);
    // Steps are monotonic and move by at most one frame on each axis.
    for (let k = 1; k < path.length; k++) {
      const di = path[k]![0] - path[k - 1]![0];
      const dj = path[k]![1] - path[k - 1]![1];
      expect(di >= 0 && dj >= 0 && di <= 1 && dj <= 1 && di + dj > 0).toBe(true);
    }
  });

  it('ignores coefficient 0 by default (loudness)', async () => {
    const a = [Float64Array.from([0, 1]), Float64Array.from([0, 2])];
    const b = [Float64Array.from([50, 1]), Float64Array.from([-50, 2])];
    expect(await dtwPath(a, b)).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
});
