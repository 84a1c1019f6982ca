import { describe, expect, it } from 'vitest';
import { createRng } from './random';

describe('createRng', () => {
  it('repeats its sequence for a seed, differs across seeds, and stays in [0, 1)', () => {
    const draw = (seed: number) => Array.from({ length: 1000 }, createRng(seed));
    const first = draw(42);
    expect(draw(42)).toEqual(first);
    expect(draw(43)).not.toEqual(first);
    expect(Math.min(...first)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...first)).toBeLessThan(1);
    const mean = first.reduce((sum, value) => sum + value, 0) / first.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
