import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { edgeBlurSigma } from './photo-blur';

const SIZE = 96;

/** An RGBA picture of dark and light squares (edges in both directions), blurred by `sigma` pixels. */
async function checkerboard(sigma: number): Promise<Buffer> {
  const rgba = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const light = (Math.floor(x / 24) + Math.floor(y / 24)) % 2 === 1;
      rgba.fill(light ? 200 : 40, (y * SIZE + x) * 4, (y * SIZE + x) * 4 + 3);
      rgba[(y * SIZE + x) * 4 + 3] = 255;
    }
  }
  const image = sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } });
  return (sigma > 0 ? image.blur(sigma) : image).raw().toBuffer();
}

const whole = { x: 0, y: 0, width: SIZE, height: SIZE };

describe('edgeBlurSigma', () => {
  it('measures how blurred a picture\'s edges are, in pixels', async () => {
    const measured = await Promise.all([1.5, 3, 5].map(async (sigma) => edgeBlurSigma(await checkerboard(sigma), SIZE, whole)));
    expect(measured[0]).toBeGreaterThan(1.2);
    expect(measured[0]).toBeLessThan(2);
    expect(measured[1]).toBeGreaterThan(2.4);
    expect(measured[1]).toBeLessThan(3.6);
    expect(measured[2]).toBeGreaterThan(3.5);
    expect(measured[2]).toBeLessThan(6);
  });

  it('finds a sharp picture sharp, and nothing to measure in a flat one', async () => {
    expect(edgeBlurSigma(await checkerboard(0), SIZE, whole)).toBeLessThan(0.9);
    expect(edgeBlurSigma(Buffer.alloc(SIZE * SIZE * 4, 128), SIZE, whole)).toBe(0);
  });

  it('reads only the region asked about', async () => {
    const left = await checkerboard(0), right = await checkerboard(4);
    const half = Buffer.alloc(SIZE * SIZE * 4);
    for (let y = 0; y < SIZE; y++) {
      left.copy(half, y * SIZE * 4, y * SIZE * 4, (y * SIZE + 48) * 4);
      right.copy(half, (y * SIZE + 48) * 4, (y * SIZE + 48) * 4, (y + 1) * SIZE * 4);
    }
    expect(edgeBlurSigma(half, SIZE, { x: 0, y: 0, width: 40, height: SIZE })).toBeLessThan(0.9);
    expect(edgeBlurSigma(half, SIZE, { x: 56, y: 0, width: 40, height: SIZE })).toBeGreaterThan(3);
  });
});
