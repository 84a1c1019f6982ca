import { describe, expect, it } from 'vitest';
import { cutSquare } from './cut-square';

/** A 4 x 3 RGB image whose pixel (x, y) is (v, v + 100, 7) with v = 10 * y + x + 1. */
const image = { data: Buffer.from(Array.from({ length: 12 }, (_, i) => 10 * Math.floor(i / 4) + (i % 4) + 1).flatMap((v) => [v, v + 100, 7])), width: 4, height: 3, channels: 3 as const };
/** The square's red values row by row, after checking that each pixel kept its green and blue (black: 0, 0). */
const rows = (square: Buffer, side: number) => Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x) => {
  const [r, g, b] = square.subarray((y * side + x) * 3, (y * side + x) * 3 + 3);
  expect([g, b]).toEqual(r === 0 ? [0, 0] : [r! + 100, 7]);
  return r;
}));

describe('cutSquare', () => {
  it('cuts a square inside the image as it is', async () => {
    expect(rows(await cutSquare(image, { left: 1, top: 1, side: 2 }, 'copy'), 2)).toEqual([[12, 13], [22, 23]]);
  });

  it('repeats the edge pixels past the image, or fills black', async () => {
    const square = { left: -1, top: 1, side: 3 };
    expect(rows(await cutSquare(image, square, 'copy'), 3)).toEqual([[11, 11, 12], [21, 21, 22], [21, 21, 22]]);
    expect(rows(await cutSquare(image, square, 'black'), 3)).toEqual([[0, 11, 12], [0, 21, 22], [0, 0, 0]]);
  });
});
