import { describe, expect, it } from 'vitest';
import { blackLevel } from './black-level';

/** A `size` square RGBA image of one colour, with `dark` painted over the pixels that `where` picks. */
function image(size: number, base: [number, number, number], dark: [number, number, number], where: (x: number, y: number) => boolean): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
    const c = where(x, y) ? dark : base;
    rgba.set([...c, 255], (y * size + x) * 4);
  }
  return rgba;
}

describe('blackLevel', () => {
  // A 100 px face box (mesh points at its corners) in a 200 px portrait.
  const mesh: Array<[number, number, number]> = [[50, 50, 0], [149, 50, 0], [50, 149, 0], [149, 149, 0]];

  it('reads the darkest pixels on the face (pupils, nostrils), not its mean', () => {
    const pupils = (x: number, y: number) => (x - 80) ** 2 + (y - 90) ** 2 < 40 || (x - 120) ** 2 + (y - 90) ** 2 < 40;
    const black = blackLevel(image(200, [200, 160, 140], [70, 72, 92], pupils), 200, mesh);
    expect(black[0]).toBeCloseTo(70, 0);
    expect(black[2]).toBeCloseTo(92, 0);
  });

  it('leaves out what lies beyond the face: a black background does not make a faded face\'s black', () => {
    const background = (x: number, y: number) => x < 40 || y < 40;
    const black = blackLevel(image(200, [200, 160, 140], [0, 0, 0], background), 200, mesh);
    expect(black).toEqual([200, 160, 140]);
  });
});
