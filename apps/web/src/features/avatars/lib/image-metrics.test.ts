import { describe, expect, it } from 'vitest';
import { averageBrightness, edgeSharpness, sampleSize, toGrey } from './image-metrics';
import { boxBlur, checkerboard, solid } from './test-images';

describe('averageBrightness', () => {
  it('weights red, green and blue 0.299, 0.587, 0.114', () => {
    expect(averageBrightness(solid(4, 4, [255, 0, 0]))).toBeCloseTo(0.299 * 255, 5);
    expect(averageBrightness(solid(4, 4, [0, 255, 0]))).toBeCloseTo(0.587 * 255, 5);
    expect(averageBrightness(solid(4, 4, [0, 0, 255]))).toBeCloseTo(0.114 * 255, 5);
  });

  it('is the mean over all pixels', () => {
    expect(averageBrightness(checkerboard(32, 32, 20, 220))).toBeCloseTo(120, 5);
  });
});

describe('edgeSharpness (mean |4-neighbour Laplacian|)', () => {
  it('is 0 for a flat image and for a linear ramp', () => {
    expect(edgeSharpness(solid(16, 16, [128, 128, 128]))).toBe(0);
    const ramp = { width: 16, height: 16, data: new Uint8ClampedArray(16 * 16 * 4) };
    for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) ramp.data.set([x * 10, x * 10, x * 10, 255], (y * 16 + x) * 4);
    expect(edgeSharpness(ramp)).toBeCloseTo(0, 5);
  });

  it('drops when the same picture is blurred', () => {
    const sharp = checkerboard(64, 64, 60, 200);
    const blurred = boxBlur(sharp, 4);
    expect(edgeSharpness(sharp)).toBeGreaterThan(20);
    expect(edgeSharpness(blurred)).toBeLessThan(5);
  });

  it('uses the grey image', () => {
    const grey = toGrey(solid(2, 1, [100, 100, 100]));
    expect(Array.from(grey)).toEqual([100, 100].map((v) => expect.closeTo(v, 4)));
  });
});

describe('sampleSize', () => {
  it('scales the longer side down to the limit and never up', () => {
    expect(sampleSize(2048, 1024, 512)).toEqual({ width: 512, height: 256 });
    expect(sampleSize(300, 400, 512)).toEqual({ width: 300, height: 400 });
  });
});
