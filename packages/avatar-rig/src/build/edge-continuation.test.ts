import { describe, expect, it } from 'vitest';
import { continueEdges } from './edge-continuation';

/** A `size` square RGB image, red on the left half and blue on the right. */
function halves(size: number): Uint8Array {
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) rgb.set(x < size / 2 ? [200, 30, 30] : [30, 30, 200], (y * size + x) * 3);
  return rgb;
}

describe('continueEdges', () => {
  it('carries each part of the edge straight on, its colour kept, and softens the boundary between parts with distance', () => {
    const size = 200;
    // Only the top 50 rows are known; everything below is to be filled (garbage there must not show).
    const rgb = halves(size);
    for (let i = 50 * size * 3; i < rgb.length; i++) rgb[i] = 255;
    const out = continueEdges(rgb, size, { x0: 0, y0: 0, x1: size - 1, y1: 49 });
    const at = (x: number, y: number) => Array.from(out.subarray((y * size + x) * 3, (y * size + x) * 3 + 3));
    // The known rows stay as they were.
    expect(at(10, 20)).toEqual([200, 30, 30]);
    // Below, each half keeps its colour away from the boundary; far below, the two blend, but
    // each side still leans to its own.
    expect(at(5, 100)).toEqual([200, 30, 30]);
    expect(at(194, 100)).toEqual([30, 30, 200]);
    expect(at(5, 190)[0]!).toBeGreaterThan(at(5, 190)[2]! + 40);
    expect(at(194, 190)[2]!).toBeGreaterThan(at(194, 190)[0]! + 40);
    // The boundary, a hard step at the edge, is a gradient further out: wider the further it goes.
    const rampWidth = (y: number) => { let n = 0; for (let x = 0; x < size; x++) { const r = at(x, y)[0]!; if (r > 40 && r < 190) n++; } return n; };
    expect(rampWidth(55)).toBeLessThan(rampWidth(120));
    expect(rampWidth(120)).toBeLessThan(rampWidth(190));
    expect(rampWidth(190)).toBeGreaterThan(20);
  });

  it('fills the sides after the top and bottom, so the corners hold the edge colours too', () => {
    const size = 100;
    const rgb = halves(size);
    const out = continueEdges(rgb, size, { x0: 20, y0: 20, x1: 79, y1: 79 });
    const at = (x: number, y: number) => Array.from(out.subarray((y * size + x) * 3, (y * size + x) * 3 + 3));
    expect(at(2, 2)).toEqual([200, 30, 30]);
    expect(at(97, 97)).toEqual([30, 30, 200]);
  });
});
