import { describe, expect, it } from 'vitest';
import { triangleAffine, type Affine } from './affine';
import { backingSize, letterbox } from './layout';

describe('layout', () => {
  it('letterboxes a portrait rig in a square canvas and pillarboxes it in a wide one', () => {
    expect(letterbox(800, 800, 256, 320)).toEqual({ canvasWidth: 800, canvasHeight: 800, x: 80, y: 0, width: 640, height: 800, scale: 2.5, shown: { x: 80, y: 0, width: 640, height: 800 } });
    const wide = letterbox(1000, 400, 256, 320);
    expect(wide.height).toBe(400);
    expect(wide.x).toBeCloseTo((1000 - 320) / 2);
  });

  it('fills the canvas with the rig\'s view, the rest of the portrait beyond the canvas', () => {
    // A 512 px portrait whose photo is the square of 400 px at (60, 90): the view fills an 800 px canvas.
    const view = letterbox(800, 800, 512, 512, { x: 60, y: 90, width: 400, height: 400 });
    expect(view.scale).toBe(2);
    expect(view.shown).toEqual({ x: 0, y: 0, width: 800, height: 800 });
    expect([view.x, view.y, view.width, view.height]).toEqual([-120, -180, 1024, 1024]);
    // In a wide canvas the view is pillarboxed; the portrait still lies where the view says.
    const wide = letterbox(1000, 400, 512, 512, { x: 60, y: 90, width: 400, height: 400 });
    expect(wide.shown).toEqual({ x: 300, y: 0, width: 400, height: 400 });
    expect(wide.x).toBe(300 - 60);
  });

  it('sizes the backing store at the device pixel ratio, bounded', () => {
    expect(backingSize(400, 300, 2)).toEqual({ width: 800, height: 600 });
    expect(backingSize(401, 300, 1.5)).toEqual({ width: 602, height: 450 });
    expect(backingSize(0, 0, Number.NaN)).toEqual({ width: 1, height: 1 });
    expect(backingSize(5000, 10, 2).width).toBe(4096);
  });
});

describe('triangleAffine', () => {
  it('maps each source corner onto its destination corner', () => {
    const m: Affine = [0, 0, 0, 0, 0, 0];
    const src = [10, 20, 60, 25, 30, 80];
    const dst = [105, 7, 190, 40, 111, 150];
    expect(triangleAffine(src[0]!, src[1]!, src[2]!, src[3]!, src[4]!, src[5]!, dst[0]!, dst[1]!, dst[2]!, dst[3]!, dst[4]!, dst[5]!, m)).toBe(true);
    for (let k = 0; k < 3; k++) {
      const [x, y] = [src[k * 2]!, src[k * 2 + 1]!];
      expect(m[0] * x + m[2] * y + m[4]).toBeCloseTo(dst[k * 2]!, 9);
      expect(m[1] * x + m[3] * y + m[5]).toBeCloseTo(dst[k * 2 + 1]!, 9);
    }
  });

  it('refuses a degenerate source triangle', () => {
    const m: Affine = [0, 0, 0, 0, 0, 0];
    expect(triangleAffine(0, 0, 1, 1, 2, 2, 0, 0, 1, 0, 0, 1, m)).toBe(false);
  });
});
